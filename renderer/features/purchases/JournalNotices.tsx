import { useJournalStatusQuery } from './recovery-queries.ts';

/**
 * Said at the top of the workspace when the journal was not as TitleDesk left it (what happened
 * and where the copy or the rescued answers are), and while it refuses answers of followed
 * purchases, until it takes them again. Never only in a log.
 */
export function JournalNotices() {
  const status = useJournalStatusQuery();
  const notices = status.data?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <div className="notice journal-notices" role="alert" aria-label="Purchase journal">
      <strong>The purchase journal needs your attention.</strong>
      <ul>
        {notices.map((notice, index) => (
          <li key={index}>
            {notice.message}
            {notice.path === undefined ? null : <> <code className="journal-path">{notice.path}</code></>}
          </li>
        ))}
      </ul>
    </div>
  );
}
