import type { Exchange, PurchaseRecord } from '../../../shared/purchase/purchase.ts';

/** One arrow of the sequence diagram: a request from TitleDesk or an answer from the service. */
export interface DiagramMessage {
  readonly key: string;
  readonly direction: 'request' | 'answer';
  /** The arrow's label in plain words, for a room that has never seen HTTP: "Not ready yet: come back in 3 seconds". */
  readonly label: string;
  /** The protocol's own name for it, shown small beside the words: "GET", "202 Accepted". */
  readonly technical: string;
  /** What the audience should take from it, in plain words. */
  readonly caption: string;
  readonly status?: number | 'no-response';
}

export const serviceName = 'Data Purchase Service';
export const clientName = 'TitleDesk';

function seconds(value: number | undefined): string {
  const whole = Math.max(0, Math.round(value ?? 0));
  return `${String(whole)} ${whole === 1 ? 'second' : 'seconds'}`;
}

function requestOf(exchange: Exchange, index: number, record: PurchaseRecord): DiagramMessage {
  if (exchange.method === 'POST') {
    const count = record.variables.length;
    return {
      key: `q${String(index)}`, direction: 'request', label: `Please sell us ${String(count)} ${count === 1 ? 'fact' : 'facts'}`, technical: 'POST purchase',
      caption: `TitleDesk asks the service for ${String(count)} ${count === 1 ? 'value' : 'values'} about title ${record.titleNumber ?? ''}.`,
    };
  }
  return {
    key: `q${String(index)}`, direction: 'request', label: 'Is it ready yet?', technical: 'GET result',
    caption: 'The wait is over, so TitleDesk asks once whether the data is ready.',
  };
}

function answerOf(exchange: Exchange, index: number): DiagramMessage {
  const key = `a${String(index)}`;
  const wait = seconds(exchange.advisedWaitSeconds);
  const base = { key, direction: 'answer' as const, status: exchange.status };
  switch (exchange.status) {
    case 303:
      return { ...base, label: `Order taken: come back in ${wait}`, technical: '303 See Other', caption: `The service needs a moment; TitleDesk waits exactly as long as it was told (${wait}), no more.` };
    case 202:
      return { ...base, label: `Not ready yet: come back in ${wait}`, technical: '202 Accepted', caption: `Not ready yet. The service says when to ask again (${wait}); TitleDesk does not pester it before then.` };
    case 200:
      return { ...base, label: 'Ready: here are the facts', technical: '200 OK', caption: 'Ready: the values arrive, and each one is kept with its price and purchase ID.' };
    case 'no-response':
      return { ...base, label: 'No answer came back', technical: 'no response', caption: 'No answer came back; TitleDesk keeps the purchase safe and never sends it twice by itself.' };
    default:
      return { ...base, label: exchange.status >= 500 ? 'The service had a problem' : 'The service said no', technical: String(exchange.status), caption: 'The service said no; TitleDesk shows why in plain words.' };
  }
}

/** Every exchange of the purchase's timeline as a request arrow and, once it came, its answer. */
export function diagramMessages(record: PurchaseRecord): DiagramMessage[] {
  const messages: DiagramMessage[] = [];
  record.timeline.forEach((exchange, index) => {
    messages.push(requestOf(exchange, index, record));
    if (exchange.receivedAt !== undefined || exchange.status !== 'no-response') messages.push(answerOf(exchange, index));
  });
  return messages;
}

/** Seconds left before the next GET the service allows, while the purchase waits for one. */
export function countdownOf(record: PurchaseRecord, now: number): { readonly left: number; readonly total: number } | undefined {
  if (record.state !== 'pending' || record.nextCheckAt === undefined) return undefined;
  const last = record.timeline.at(-1);
  const from = last?.receivedAt ?? last?.at ?? record.createdAt;
  const total = Math.max(0, (record.nextCheckAt - from) / 1000);
  const left = Math.max(0, (record.nextCheckAt - now) / 1000);
  return { left: Math.min(left, total), total };
}
