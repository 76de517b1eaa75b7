/**
 * Size budget of the desktop main bundle: dist-electron/main.js with what it imports at start (a
 * small runtime its chunks share). Checked by npm run package:check and the unit suite, so growth
 * is never silent. Before minifying: 1,386,034 bytes (all of undici and ajv); minified with
 * undici's used parts only: 551,571. Batches, the spending guard, recovery, reports and
 * onboarding brought it to about 751 KB. What most sessions never run now loads on first use, as
 * chunks beside main.js (checked by package:check): the workbook writer and its zip (679,518
 * bytes), then papaparse; and only the portable build of undici's HTTP parser is carried, not
 * its SIMD twin as well (build/portable-llhttp-only.ts): 586,913 bytes. The journal's group
 * commit brought it to 596,605, the journal's checkpoint thread to 599,112. The efficiency goal
 * is under 600 KB. zod's JSON Schema output, which the core never calls, became a stand-in
 * (build/no-json-schema.ts): 18.7 KB less.
 */
export const mainBundleBudgetBytes = 600_000;
