import { getCACertificates } from 'node:tls';

/** Where trusted root certificates come from; each source is read once per agent, at its first TLS connection or when it builds a proxy agent (agent.ts). */
export interface CertificateSources {
  /** Node's own defaults: Mozilla's bundled roots plus NODE_EXTRA_CA_CERTS. */
  readonly node: () => readonly string[];
  /** The operating system's store (Windows and macOS keychains, the OpenSSL store on Linux). */
  readonly system: () => readonly string[];
}

export const osAndNodeCertificates: CertificateSources = {
  node: () => getCACertificates('default'),
  system: () => getCACertificates('system'),
};

/**
 * The roots core trusts: Node's and the operating system's together. Offices that inspect TLS
 * install their own root in the OS store (a browser then works); Node alone ignores that store,
 * so without it every call would fail with a certificate error. A store that cannot be read
 * (an unusual platform) leaves Node's roots, rather than none.
 */
export function trustedCertificates(sources: CertificateSources = osAndNodeCertificates): string[] {
  const read = (source: () => readonly string[]): readonly string[] => {
    try {
      return source();
    } catch {
      return [];
    }
  };
  return [...new Set([...read(sources.node), ...read(sources.system)].map((pem) => pem.trim()))];
}
