/**
 * Stands in for zod's JSON Schema output in the desktop and renderer bundles (build/main-bundle-options.ts
 * aliases zod's json-schema-processors, to-json-schema and json-schema-generator here). Every
 * zod schema carries a hook for it, which keeps it in the bundle, but only toJSONSchema() and
 * the derived properties such as a string schema's maxLength run it, and the core calls neither:
 * it parses with its schemas, it never describes them. About 20 KB of main.js; any use throws at
 * once. The names are those zod imports from the three files.
 */
import { refuseInBundle } from './stand-in-refusal.ts';

function refuse(): never {
  return refuseInBundle('JSON Schema output of zod schemas is not bundled in the desktop app.');
}

export const aggregateChecks = refuse;
export const anyProcessor = refuse;
export const arrayProcessor = refuse;
export const bigintProcessor = refuse;
export const booleanProcessor = refuse;
export const catchProcessor = refuse;
export const customProcessor = refuse;
export const dateProcessor = refuse;
export const defaultProcessor = refuse;
export const enumProcessor = refuse;
export const fileProcessor = refuse;
export const functionProcessor = refuse;
export const intersectionProcessor = refuse;
export const lazyProcessor = refuse;
export const literalProcessor = refuse;
export const mapProcessor = refuse;
export const nanProcessor = refuse;
export const neverProcessor = refuse;
export const nonoptionalProcessor = refuse;
export const nullProcessor = refuse;
export const nullableProcessor = refuse;
export const numberProcessor = refuse;
export const objectProcessor = refuse;
export const optionalProcessor = refuse;
export const pipeProcessor = refuse;
export const prefaultProcessor = refuse;
export const promiseProcessor = refuse;
export const readonlyProcessor = refuse;
export const recordProcessor = refuse;
export const setProcessor = refuse;
export const stringProcessor = refuse;
export const successProcessor = refuse;
export const symbolProcessor = refuse;
export const templateLiteralProcessor = refuse;
export const transformProcessor = refuse;
export const tupleProcessor = refuse;
export const undefinedProcessor = refuse;
export const unionProcessor = refuse;
export const unknownProcessor = refuse;
export const voidProcessor = refuse;
export const toJSONSchema = refuse;
export const allProcessors = {};

// to-json-schema.js
export const initializeContext = refuse;
export const handleUnrepresentable = refuse;
export const processSchema = refuse;
export const process = refuse;
export const extractDefs = refuse;
export const finalize = refuse;
/** Called when a schema's methods are set up: the method it returns is what refuses. */
export const createToJSONSchemaMethod = (): typeof refuse => refuse;
export const createStandardJSONSchemaMethod = (): typeof refuse => refuse;

// json-schema-generator.js
export const JSONSchemaGenerator = refuse;
