/**
 * The JSON-LD context at /.hydra/context.jsonld. Under it a purchase result expands to Hydra
 * terms (hydra:Collection, hydra:member, hydra:manages with rdf:type → Datum) and the sandbox's
 * own vocabulary; `value` is rdf:value both for a price and for a datum.
 */
export function contextPath(): string {
  return '/.hydra/context.jsonld';
}

export function jsonLdContext(baseUrl: string): unknown {
  return {
    '@context': {
      '@version': 1.1,
      '@vocab': `${baseUrl}/vocab#`,
      hydra: 'http://www.w3.org/ns/hydra/core#',
      rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
      rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
      xsd: 'http://www.w3.org/2001/XMLSchema#',
      schema: 'https://schema.org/',
      vocab: `${baseUrl}/vocab#`,
      Collection: 'hydra:Collection',
      member: { '@id': 'hydra:member', '@container': '@set' },
      totalItems: { '@id': 'hydra:totalItems', '@type': 'xsd:integer' },
      manages: 'hydra:manages',
      property: { '@id': 'hydra:property', '@type': '@vocab' },
      object: { '@id': 'hydra:object', '@type': '@vocab' },
      Datum: 'vocab:Datum',
      Variable: 'vocab:Variable',
      Catalog: 'vocab:Catalog',
      PurchaseVariableAction: 'vocab:PurchaseVariableAction',
      variable: 'vocab:variable',
      variables: { '@id': 'vocab:variables', '@type': '@id', '@container': '@list' },
      price: 'schema:priceSpecification',
      value: 'rdf:value',
      currency: 'schema:priceCurrency',
      PostalAddress: 'schema:PostalAddress',
      label: 'rdfs:label',
      uprn: 'vocab:uprn',
      udprn: 'vocab:udprn',
      umrrn: 'vocab:umrrn',
      titles: { '@id': 'vocab:title', '@container': '@set' },
      titleNumber: 'vocab:titleNumber',
      tenure: 'vocab:tenure',
      catalog: { '@id': 'vocab:catalog', '@type': '@id' },
    },
  };
}

/** OpenID Connect discovery: the token endpoint is deliberately on another path than the API. */
export function discoveryDocument(baseUrl: string): unknown {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/oauth2/authorize`,
    token_endpoint: `${baseUrl}/oauth2/token`,
    jwks_uri: `${baseUrl}/oauth2/jwks`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
    scopes_supported: ['openid'],
  };
}
