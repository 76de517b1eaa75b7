import { z } from 'zod';

/**
 * The renderer's Content-Security-Policy refuses eval (shared/content-security-policy.ts), and
 * zod would try it: the first object schema probes `new Function`, which the policy reports as a
 * violation on every start, and parsing then falls back to what jitless mode does anyway. Said
 * once, before any schema is built (main.tsx imports this before every module that makes one).
 */
z.config({ jitless: true });
