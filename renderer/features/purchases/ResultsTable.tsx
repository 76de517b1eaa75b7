import type { Money, ResultItem } from '../../../shared/purchase.ts';
import { formatMoney, formatTotals } from '../common/money.ts';

/** The ontology IRI from its scheme on: the base is the same for every row. */
function shortOntology(iri: string): string {
  const at = iri.indexOf('/ontologies/');
  return at < 0 ? iri : iri.slice(at + '/ontologies/'.length);
}

export function ResultsTable({ items, totals }: { readonly items: readonly ResultItem[]; readonly totals: readonly Money[] }) {
  if (items.length === 0) return <p className="empty-state">The service returned no values for this purchase.</p>;
  return (
    <div className="table-scroll">
      <table className="results-table">
        <caption className="visually-hidden">Purchased values</caption>
        <thead>
          <tr>
            <th scope="col">Variable</th>
            <th scope="col">Provider</th>
            <th scope="col">Value</th>
            <th scope="col" className="numeric">Price</th>
            <th scope="col">Ontology type</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={`${item.variable}#${String(index)}`}>
              <th scope="row" title={item.variable}>{item.name}</th>
              <td>{item.provider}</td>
              <td className="result-value">{item.value}</td>
              <td className="numeric">{formatMoney(item.price)}</td>
              <td className="ontology" title={item.ontologyType}>{shortOntology(item.ontologyType)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>Total ({items.length} {items.length === 1 ? 'value' : 'values'})</th>
            <td className="numeric total">{formatTotals(totals)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
