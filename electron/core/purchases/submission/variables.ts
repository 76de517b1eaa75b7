import { CoreError } from '../../errors.ts';

const maxVariables = 500;
const maxIriLength = 2048;
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const controlCharacters = /[\u0000-\u001f\u007f]/;

/**
 * Variable IRIs go into the body verbatim (spaces, non-ASCII and all); only what could never be
 * an IRI is refused before anything is journaled or sent.
 */
export function validateVariables(variables: readonly string[]): void {
  if (variables.length === 0) throw new CoreError('validation', 'Choose at least one variable to buy.');
  if (variables.length > maxVariables) throw new CoreError('validation', `At most ${maxVariables} variables per purchase.`);
  for (const variable of variables) {
    if (variable.trim().length === 0 || variable.length > maxIriLength || controlCharacters.test(variable)) {
      throw new CoreError('validation', 'A variable is not a valid identifier.');
    }
  }
}
