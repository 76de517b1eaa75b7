/**
 * Provider errors exactly as Loqate reports them: one item with a code string, HTTP 200. Clients
 * branch on the Error code, so the codes and wording follow Loqate's published ones.
 */
export interface ProviderErrorItem {
  readonly Error: string;
  readonly Description: string;
  readonly Cause: string;
  readonly Resolution: string;
}

export const unknownKeyError: ProviderErrorItem = {
  Error: '2',
  Description: 'Unknown key',
  Cause: 'The key you are using to access the service was not found.',
  Resolution: 'Please check that the key is correct. It should be in the form AA11-AA11-AA11-AA11.',
};

export const keyExpiredError: ProviderErrorItem = {
  Error: '16',
  Description: 'Key expired',
  Cause: 'The key you are trying to use has expired.',
  Resolution:
    'Please check that you are using the right key - a new one may have been issued if you have recently renewed your key.',
};

export function invalidParametersError(cause: string): ProviderErrorItem {
  return {
    Error: '18',
    Description: 'Missing or invalid parameters',
    Cause: cause,
    Resolution: 'Please check the parameters you are supplying and try again.',
  };
}

export function idInvalidError(cause: string): ProviderErrorItem {
  return {
    Error: '1001',
    Description: 'Id Invalid',
    Cause: cause,
    Resolution: 'Try including an Id returned from a Find request.',
  };
}

export const containerInvalidError: ProviderErrorItem = {
  Error: '1002',
  Description: 'Container Invalid',
  Cause: 'The Container parameter supplied was not recognised.',
  Resolution: 'Use the Id of a container (a Postcode, Street or Building) returned from a Find request.',
};
