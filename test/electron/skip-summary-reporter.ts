import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { electronRequired } from './electron-binary.ts';

/** Prints why tests were skipped and an explicit verdict, so "0 failed" is never mistaken for a pass. */
export default class SkipSummaryReporter implements Reporter {
  readonly #counts = { passed: 0, failed: 0, skipped: 0 };
  readonly #reasons = new Set<string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') {
      this.#counts.skipped += 1;
      for (const annotation of [...test.annotations, ...result.annotations]) {
        if (annotation.type === 'skip' && annotation.description !== undefined) this.#reasons.add(annotation.description);
      }
    } else if (result.status === 'passed') this.#counts.passed += 1;
    else this.#counts.failed += 1;
  }

  onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    const { passed, failed, skipped } = this.#counts;
    const reasons = this.#reasons.size === 0 ? '' : ` (${[...this.#reasons].join('; ')})`;
    if (electronRequired() && skipped > 0) {
      console.log(`\nElectron suite FAILED: ${skipped} test(s) skipped${reasons}, and TITLEDESK_ELECTRON_REQUIRED=1 requires every test to run.`);
      return Promise.resolve({ status: 'failed' });
    }
    if (passed === 0 && failed === 0 && skipped > 0) {
      console.log(`\nElectron suite NOT RUN: ${skipped} test(s) skipped${reasons}. Nothing was verified in Electron.`);
    } else {
      console.log(`\nElectron suite ${result.status}: ${passed} passed, ${failed} failed, ${skipped} skipped${reasons}.`);
    }
    return Promise.resolve(undefined);
  }

  printsToStdio(): boolean {
    return true;
  }
}
