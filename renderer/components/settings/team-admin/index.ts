/**
 * Settings → Team's team panel: the team's settings, budgets, desks and purchases waiting for their
 * desk, as the team database has them; changed as the desk's role allows (team:admin, team:admin-change).
 */
export { TeamAdminPanel } from './TeamAdminPanel.tsx';
