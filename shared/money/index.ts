/**
 * Money and the spending guard. What it promises:
 *
 * - Each environment's spending limits and what has been spent against them, per currency code; a
 *   currency without an entry has no limit (spending.ts).
 * - Money as people write it ("£0.30", "2.50 XYZ"), for messages made outside the renderer, so a
 *   budget refusal reads the same in the app, the CLI and scripts (money-text.ts).
 */
export { moneyText } from './money-text.ts';
export { type Amounts, amountsSchema, currencySchema, defaultPurchasingSettings, emptySpendingSettings, type PurchasingSettings, purchasingSettingsSchema, type SpendingHistory, spendingHistorySchema, type SpendingSettings, spendingSettingsSchema, type SpendingStatus, spendingStatusSchema } from './spending.ts';
