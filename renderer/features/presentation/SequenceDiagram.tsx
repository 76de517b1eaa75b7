import { clientName, serviceName, type DiagramMessage } from './sequence-model.ts';

export interface SequenceDiagramProps {
  readonly messages: readonly DiagramMessage[];
  /** The message the presenter is talking about; highlighted. */
  readonly focused: number;
  /** The wait before the next question, while there is one. */
  readonly countdown: { readonly left: number; readonly total: number } | undefined;
}

const width = 1000;
const left = 190;
const right = 810;
const top = 110;
const row = 74;

function Arrow({ message, y, focused }: { readonly message: DiagramMessage; readonly y: number; readonly focused: boolean }) {
  const request = message.direction === 'request';
  const [from, to] = request ? [left, right] : [right, left];
  const head = request ? `${String(to - 16)},${String(y - 9)} ${String(to)},${String(y)} ${String(to - 16)},${String(y + 9)}` : `${String(to + 16)},${String(y - 9)} ${String(to)},${String(y)} ${String(to + 16)},${String(y + 9)}`;
  const tone = message.status === 200 ? ' ok' : typeof message.status === 'number' && message.status >= 400 ? ' bad' : '';
  return (
    <g className={`seq-message seq-${message.direction}${tone}${focused ? ' focused' : ''}`} data-testid="sequence-message" aria-current={focused ? 'step' : undefined}>
      <line x1={from} x2={to} y1={y} y2={y} className="seq-line" pathLength={1} strokeDasharray={request ? undefined : '0.02 0.012'} />
      <polygon points={head} className="seq-head" />
      <text x={(left + right) / 2} y={y - 14} textAnchor="middle" className="seq-label" data-testid="sequence-label">{message.label}</text>
      <text x={(left + right) / 2} y={y + 24} textAnchor="middle" className="seq-technical" data-testid="sequence-technical">{message.technical}</text>
    </g>
  );
}

function CountdownRow({ y, countdown }: { readonly y: number; readonly countdown: { readonly left: number; readonly total: number } }) {
  const span = right - left - 80;
  const fraction = countdown.total === 0 ? 0 : countdown.left / countdown.total;
  const leftSeconds = Math.ceil(countdown.left);
  return (
    <g
      className="seq-countdown"
      role="progressbar"
      aria-label="Wait before the next question"
      aria-valuemin={0}
      aria-valuemax={Math.round(countdown.total)}
      aria-valuenow={leftSeconds}
      aria-valuetext={`${String(leftSeconds)} s left`}
    >
      <rect x={left + 40} y={y - 12} width={span} height={24} rx={12} className="seq-countdown-track" />
      <rect x={left + 40} y={y - 12} width={Math.max(0, span * fraction)} height={24} rx={12} className="seq-countdown-bar" />
      <text x={(left + right) / 2} y={y + 46} textAnchor="middle" className="seq-countdown-text">
        Waiting as told: {String(leftSeconds)} s left
      </text>
    </g>
  );
}

/**
 * The purchase as a sequence diagram: two lifelines, one arrow per request and answer, and the
 * countdown to the next question while the service is still working.
 */
export function SequenceDiagram({ messages, focused, countdown }: SequenceDiagramProps) {
  const rows = messages.length + (countdown === undefined ? 0 : 1.3);
  const height = top + Math.max(2, rows) * row + 30;
  return (
    <svg className="sequence-diagram" viewBox={`0 0 ${String(width)} ${String(height)}`} role="img" aria-labelledby="sequence-title" preserveAspectRatio="xMidYMin meet">
      <title id="sequence-title">{`Requests between ${clientName} and the ${serviceName}`}</title>
      {[{ x: left, name: clientName }, { x: right, name: serviceName }].map(({ x, name }) => (
        <g key={name} className="seq-actor">
          <rect x={x - 175} y={10} width={350} height={60} rx={10} />
          <text x={x} y={50} textAnchor="middle">{name}</text>
          <line x1={x} x2={x} y1={70} y2={height - 10} className="seq-lifeline" />
        </g>
      ))}
      {messages.map((message, index) => (
        <Arrow key={message.key} message={message} y={top + index * row + row / 2} focused={index === focused} />
      ))}
      {countdown === undefined ? null : <CountdownRow y={top + messages.length * row + row / 2} countdown={countdown} />}
    </svg>
  );
}
