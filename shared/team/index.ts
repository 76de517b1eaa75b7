/**
 * A team database shared by several desks, as each desk and its window see it. What it promises:
 *
 * - Which team database a desk joins and as which login, never with the password (team-setting.ts),
 *   and what a connection test and the header show of it (team-status.ts), with why it cannot be
 *   used in the same words everywhere (team-away-words.ts).
 * - The team's administration a desk may see and the changes it may ask for; the database decides
 *   who may make each (team-admin.ts, team-admin-view.ts).
 * - Durations read and said one way everywhere (team-duration.ts), and variables another desk's
 *   purchase holds in the same words everywhere (held-words.ts).
 */
export { deskHoldsWords } from './held-words.ts';
export { awayHeadline, type AwayHeadlineOf, certificateAdvice, notADeskAdvice, passwordAdvice } from './team-away-words.ts';
export { type TeamAdminView, teamAdminViewSchema, type TeamAdminWaiting } from './team-admin-view.ts';
export { type DatabaseClock, databaseTimeAt, isReleasable, isTimeZone, maxClaimTimeoutSeconds, maxReuseWindowSeconds, type TeamAdminChange, teamAdminChangeSchema, type TeamAdminOverview, type TeamDeskRole } from './team-admin.ts';
export { type DurationProblem, type DurationReading, durationWords, parseDuration } from './team-duration.ts';
export { teamPasswordSchema, type TeamSetting, teamSettingSchema, type TeamTlsMode, teamTlsModeOf, teamTlsModeSchema, teamTlsWords, teamUrlProblem, type TeamView, teamViewSchema } from './team-setting.ts';
export { deskRoleNameSchema, type TeamAway, teamAwaySchema, teamBudgetViewSchema, type TeamLinkStatus, teamLinkStatusSchema, type TeamProblem, teamProblemSchema, type TeamTestResult, teamTestResultSchema } from './team-status.ts';
