// One CA for the whole sim; the API server and every kubelet get serving certificates signed by
// it, so a client that trusts the kubeconfig's certificate-authority-data can verify kubelets too
// (as on clusters with serverTLSBootstrap). EC P-256 keeps key generation in the milliseconds, and
// kubelet certificates are issued on first connection, so 5000 nodes cost nothing until used.
import { generate } from "selfsigned";

export interface Pem {
  key: string;
  cert: string;
}

// Certificates are checked against the wall clock by TLS clients, never the sim clock.
function validity(): { notBeforeDate: Date; notAfterDate: Date } {
  const notBeforeDate = new Date(Date.now() - 3600_000);
  return { notBeforeDate, notAfterDate: new Date(notBeforeDate.getTime() + 365 * 86400_000) };
}

/** Generates the sim's certificate authority. */
export async function makeCa(): Promise<Pem> {
  const p = await generate([{ name: "commonName", value: "headroom-sim-ca" }], {
    keyType: "ec",
    algorithm: "sha256",
    ...validity(),
    extensions: [
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  return { key: p.private, cert: p.cert };
}

/** Issues a serving certificate for the given IPs and DNS names, signed by the CA. */
export async function issueServing(ca: Pem, commonName: string, ips: string[], dns: string[]): Promise<Pem> {
  const p = await generate([{ name: "commonName", value: commonName }], {
    keyType: "ec",
    algorithm: "sha256",
    ...validity(),
    ca: { key: ca.key, cert: ca.cert },
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [...dns.map((value) => ({ type: 2 as const, value })), ...ips.map((ip) => ({ type: 7 as const, ip }))],
      },
    ],
  });
  return { key: p.private, cert: p.cert };
}
