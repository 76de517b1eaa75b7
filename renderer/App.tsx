/** The application frame. Screens arrive feature by feature; until then it names the product. */
export function App() {
  return (
    <main className="app">
      <h1>TitleDesk</h1>
      <p>Land-title data, bought by the variable.</p>
    </main>
  );
}
