/**
 * 检查验收 (issue 30): its routes, registered by app.ts beside the anomalies' (a failed check
 * raises acceptance_failed through the anomalies feature's index).
 */
export { acceptanceRoutes } from './routes.ts';
