import { lazy, useCallback, useEffect, useState } from 'react';
import type { Environment } from '../../../shared/environment/environment.ts';
import { useSandboxInfoQuery } from '../../api/settings-queries.ts';
import { Deferred } from '../../components/common/Deferred.tsx';
import { TabPanel } from '../../components/common/Tabs.tsx';
import { FirstRunHint } from '../demo/FirstRunHint.tsx';
import { useOpenPurchaseRequests } from '../lookup/open-request.ts';
import { PresentationEntry } from '../presentation/PresentationEntry.tsx';
import { JournalNotices } from '../purchases/JournalNotices.tsx';
import { PurchasePanel, type RowFocusRequest } from '../purchases/PurchasePanel.tsx';
import { rememberTitle } from '../address-search/recent-searches.ts';
import { ReportContext } from '../report/report-context.tsx';
import type { PropertyReportRequest } from '../../../shared/purchase/report.ts';
import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { BuyTab } from './BuyTab.tsx';
import { useOpenCatalogs } from './use-open-catalogs.ts';
import { useSearchShortcut } from './use-search-shortcut.ts';
import { workspaceTabPrefix, WorkspaceTabs, type WorkspaceTab } from './WorkspaceTabs.tsx';
import './workspace.css';

// What the first screen does not show loads on first use, so start-up parses only the Buy tab
// and the purchase list (the renderer bench's start-up JS goal).
const BatchView = lazy(async () => ({ default: (await import('../batch/BatchView.tsx')).BatchView }));
const HistoryView = lazy(async () => ({ default: (await import('../history/HistoryView.tsx')).HistoryView }));
const PurchaseLookup = lazy(async () => ({ default: (await import('../lookup/PurchaseLookup.tsx')).PurchaseLookup }));
const PurchaseView = lazy(async () => ({ default: (await import('../purchases/PurchaseView.tsx')).PurchaseView }));
const RequestsDrawer = lazy(async () => ({ default: (await import('../demo/RequestsDrawer.tsx')).RequestsDrawer }));
const PropertyReportView = lazy(async () => ({ default: (await import('../report/PropertyReportView.tsx')).PropertyReportView }));

const loading = <p className="muted" role="status">Loading…</p>;

export interface WorkspaceProps {
  readonly environment: Environment;
  /** Why saved settings were replaced by defaults, when they were. */
  readonly loadProblem?: string | undefined;
  /** A purchase to open in Look up at launch (desktop app, started from a titledesk:// link). */
  readonly openPurchase?: string | undefined;
}

/**
 * The main area: finding and buying (or looking up, or the history) on the left, every purchase
 * live on the right, and the requests drawer over them when asked for. An opened purchase takes
 * the whole width; the tasks stay mounted (hidden), so a selection or a batch is not lost.
 */
export function Workspace({ environment, loadProblem, openPurchase }: WorkspaceProps) {
  const sandbox = useSandboxInfoQuery();
  const [tab, setTab] = useState<WorkspaceTab>(openPurchase === undefined ? 'Buy' : 'Look up');
  // The purchase list (virtualised, measuring its box) renders just after the first screen has
  // painted: the search box takes input sooner, and the list follows within a frame.
  const [panelShown, setPanelShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => { setPanelShown(true); });
    return () => { cancelAnimationFrame(frame); };
  }, []);
  // Mounted from its first showing on, then kept: a running batch goes on under another tab.
  const [batchShown, setBatchShown] = useState(false);
  if (tab === 'Batch' && !batchShown) setBatchShown(true);
  const openRequest = useOpenPurchaseRequests(openPurchase);
  const openVersion = openRequest?.version;
  useEffect(() => {
    if (openVersion !== undefined) setTab('Look up');
  }, [openVersion]);
  const [search, setSearch] = useState<{ text: string; version: number } | undefined>();
  const catalogs = useOpenCatalogs();
  const [requestsFor, setRequestsFor] = useState<string | undefined>();
  useSearchShortcut(() => { setViewing(undefined); setTab('Buy'); });
  const [report, setReport] = useState<PropertyReportRequest | undefined>();
  const [viewing, setViewing] = useState<{ id: string; environmentId: string } | undefined>();
  const [rowFocus, setRowFocus] = useState<RowFocusRequest | undefined>();
  // A purchase of another environment is not shown once the environment changes.
  const open = viewing?.environmentId === environment.id ? viewing.id : undefined;
  useEffect(() => {
    if (openVersion !== undefined) setViewing(undefined);
  }, [openVersion]);

  function closePurchase(): void {
    if (open !== undefined) setRowFocus({ id: open, version: (rowFocus?.version ?? 0) + 1 });
    setViewing(undefined);
  }

  /** A title, or an address's or a UPRN's catalog; `address`: reached from an address card. */
  function openResource(resource: CatalogResource, address?: string): void {
    if (resource.kind === 'title') rememberTitle(resource.key);
    catalogs.openCatalog(resource, address);
    setViewing(undefined);
    setTab('Buy');
  }

  function openTitle(titleNumber: string, address?: string): void {
    openResource({ kind: 'title', key: titleNumber }, address);
  }

  // Stable, so History's memoised rows are not all rendered again when the workspace is.
  const lookUp = useCallback((): void => { setViewing(undefined); setTab('Look up'); }, []);
  // Stable, so that the purchase panel's memoised rows are not rendered again with every render here.
  const openPurchaseView = useCallback((id: string): void => { setViewing({ id, environmentId: environment.id }); }, [environment.id]);

  return (
    <ReportContext value={setReport}>
    {/* History gets the whole width: it lists the same purchases as the panel, with more columns. */}
    <main className={['workspace', tab === 'History' ? 'workspace-wide' : '', requestsFor === undefined ? '' : 'workspace-with-drawer'].filter((name) => name !== '').join(' ')} id="main" tabIndex={-1}>
      {loadProblem === undefined ? null : (
        <div className="notice" role="status">
          Your saved settings could not be read as they were, so defaults are in use: {loadProblem}
        </div>
      )}
      <JournalNotices />
      <FirstRunHint
        environment={environment}
        onSearch={(text) => { setViewing(undefined); setTab('Buy'); setSearch({ text, version: (search?.version ?? 0) + 1 }); }}
        onOpenTitle={openTitle}
      />
      {open === undefined ? null : (
        <Deferred fallback={loading}>
          <PurchaseView id={open} environmentName={environment.name} onClose={closePurchase} onShowRequests={setRequestsFor} onLookUp={lookUp} />
        </Deferred>
      )}
      <section className="workspace-column workspace-tasks" aria-label="Tasks" hidden={open !== undefined}>
        <PresentationEntry environment={environment} testTitles={sandbox.data?.testTitles ?? []} />
        <WorkspaceTabs current={tab} onSelect={setTab} />
        <TabPanel idPrefix={workspaceTabPrefix} tab="Buy" hidden={tab !== 'Buy'}>
          <BuyTab
            environment={environment}
            search={search}
            catalogs={catalogs}
            sandboxTestTitles={sandbox.data?.testTitles ?? []}
            onOpenTitle={openTitle}
            onOpenResource={openResource}
          />
        </TabPanel>
        {/* A batch keeps running while another tab is shown, so its view stays mounted. */}
        <TabPanel idPrefix={workspaceTabPrefix} tab="Batch" hidden={tab !== 'Batch'}>
          {batchShown ? (
            <Deferred fallback={loading}>
              <BatchView key={environment.id} environment={environment} />
            </Deferred>
          ) : null}
        </TabPanel>
        {/* Look up and History mount only while shown: a hidden history would refetch on every update. */}
        {/* Their panels are always there (each tab controls one); the content mounts only while shown. */}
        <TabPanel idPrefix={workspaceTabPrefix} tab="Look up" hidden={tab !== 'Look up'}>
          {tab === 'Look up' ? (
            <Deferred fallback={loading}>
              <PurchaseLookup environmentName={environment.name} onShowRequests={setRequestsFor} request={openRequest} />
            </Deferred>
          ) : null}
        </TabPanel>
        <TabPanel idPrefix={workspaceTabPrefix} tab="History" hidden={tab !== 'History'}>
          {tab === 'History' ? (
            <Deferred fallback={loading}>
              <HistoryView environment={environment} onShowRequests={setRequestsFor} onLookUp={lookUp} />
            </Deferred>
          ) : null}
        </TabPanel>
      </section>
      <div className="purchase-panel-slot" hidden={tab === 'History' || open !== undefined}>
        {panelShown ? (
          <PurchasePanel
            key={environment.id}
            environment={environment}
            onOpen={openPurchaseView}
            focusRequest={rowFocus}
            shown={tab !== 'History' && open === undefined}
          />
        ) : null}
      </div>
      {requestsFor === undefined ? null : (
        <Deferred>
          <RequestsDrawer id={requestsFor} onClose={() => { setRequestsFor(undefined); }} />
        </Deferred>
      )}
      {report === undefined ? null : (
        <Deferred>
          <PropertyReportView key={JSON.stringify(report)} request={report} onClose={() => { setReport(undefined); }} />
        </Deferred>
      )}
    </main>
    </ReportContext>
  );
}
