// The routes replicas call on each other (app/api/peer/): the user gate lets them through, and each
// checks the peer secret itself (lib/k8s/replicas/peer/peer-auth.ts). A module of its own, with no Node imports, because
// the gate also runs in proxy.ts.
export const PEER_PATH_PREFIX = "/api/peer/";
