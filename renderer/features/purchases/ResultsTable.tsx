import { useId, useState, type ClipboardEvent } from 'react';
import type { Money, ResultItem } from '../../../shared/purchase/purchase.ts';
import { formatMoney, formatTotals } from '../common/money.ts';
import { readPreference, writePreference } from '../common/local-preference.ts';
import { copyText } from '../common/download.ts';
import { valuesTsv } from './purchase-export.ts';
import { formatValue } from './value-format.ts';

const ontologyPreference = 'titledesk.results-show-ontology';

/** The ontology IRI from its scheme on: the base is the same for every row. */
function shortOntology(iri: string): string {
  const at = iri.indexOf('/ontologies/');
  return at < 0 ? iri : iri.slice(at + '/ontologies/'.length);
}

/**
 * Copying from the table gives the values as the service sent them: each shown value is a
 * <data> element whose value attribute holds the raw string, swapped in for the copied text.
 */
function copyRawValues(event: ClipboardEvent<HTMLTableElement>): void {
  const selection = window.getSelection();
  if (selection === null || selection.rangeCount === 0 || selection.isCollapsed) return;
  const fragment = selection.getRangeAt(0).cloneContents();
  const values = fragment.querySelectorAll('data[value]');
  if (values.length === 0) return;
  for (const element of values) element.textContent = element.getAttribute('value');
  event.clipboardData.setData('text/plain', fragment.textContent);
  event.preventDefault();
}

export function ResultsTable({ items, totals }: { readonly items: readonly ResultItem[]; readonly totals: readonly Money[] }) {
  const id = useId();
  const [showOntology, setShowOntology] = useState(() => readPreference(ontologyPreference, (value) => (typeof value === 'boolean' ? value : undefined), false));
  const [copied, setCopied] = useState('');
  if (items.length === 0) return <p className="empty-state">The service returned no values for this purchase.</p>;
  async function copyValues(): Promise<void> {
    const count = `${String(items.length)} ${items.length === 1 ? 'value' : 'values'}`;
    setCopied((await copyText(valuesTsv(items))) ? `Copied ${count}, tab-separated: paste them into a spreadsheet.` : 'Could not copy the values: the clipboard is not available.');
  }
  return (
    <div className="table-scroll">
      <div className="results-options">
        <label className="results-option" htmlFor={`${id}-ontology`}>
          <input
            id={`${id}-ontology`}
            type="checkbox"
            checked={showOntology}
            onChange={(event) => { writePreference(ontologyPreference, event.target.checked); setShowOntology(event.target.checked); }}
          />
          Show ontology types
        </label>
        <button type="button" className="button-small" onClick={() => { void copyValues(); }}>Copy values</button>
        <span className="muted" role="status">{copied}</span>
      </div>
      <table className="results-table" onCopy={copyRawValues}>
        <caption className="visually-hidden">Purchased values</caption>
        <thead>
          <tr>
            <th scope="col">Variable</th>
            <th scope="col">Provider</th>
            <th scope="col">Value</th>
            <th scope="col" className="numeric">Price</th>
            {showOntology ? <th scope="col">Ontology type</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={`${item.variable}#${String(index)}`}>
              <th scope="row" title={item.variable}>{item.name}</th>
              <td>{item.provider}</td>
              <td className="result-value">
                <data value={item.value} title={item.value}>{formatValue(item)}</data>
              </td>
              <td className="numeric">{formatMoney(item.price)}</td>
              {showOntology ? <td className="ontology" title={item.ontologyType}>{shortOntology(item.ontologyType)}</td> : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>Total ({items.length} {items.length === 1 ? 'value' : 'values'})</th>
            <td className="numeric total">{formatTotals(totals)}</td>
            {showOntology ? <td /> : null}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
