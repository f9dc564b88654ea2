// metav1.Status bodies exactly as the API server writes them, so clients' error handling
// (kubectl's messages, client-node's ApiException.body) sees what a real cluster sends.

export interface StatusBody {
  kind: "Status";
  apiVersion: "v1";
  metadata: Record<string, never>;
  status: "Failure";
  message: string;
  reason: string;
  details?: { name?: string; group?: string; kind?: string; causes?: unknown[]; retryAfterSeconds?: number };
  code: number;
}

/** Builds a Failure Status with the given HTTP code, reason and message. */
export function failure(code: number, reason: string, message: string, details?: StatusBody["details"]): StatusBody {
  return {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  };
}

/** Returns the 404 Status for a missing object: `nodes "x" not found`. */
export function notFound(plural: string, name: string, group = ""): StatusBody {
  const res = group ? `${plural}.${group}` : plural;
  return failure(404, "NotFound", `${res} "${name}" not found`, { name, ...(group ? { group } : {}), kind: plural });
}

/** Returns the 404 Status the API server gives for an unknown path. */
export function pathNotFound(): StatusBody {
  return failure(404, "NotFound", "the server could not find the requested resource", {});
}

/** Returns the 403 Status RBAC produces, worded like the API server. */
export function forbidden(
  user: string,
  verb: string,
  plural: string,
  sub: string,
  group: string,
  namespace: string,
  name?: string,
): StatusBody {
  const res = sub ? `${plural}/${sub}` : plural;
  const subject = name ? `${plural}${group ? `.${group}` : ""} "${name}"` : `${plural}${group ? `.${group}` : ""}`;
  const scope = namespace ? `in the namespace "${namespace}"` : "at the cluster scope";
  return failure(
    403,
    "Forbidden",
    `${subject} is forbidden: User "${user}" cannot ${verb} resource "${res}" in API group "${group}" ${scope}`,
    {
      ...(name ? { name } : {}),
      ...(group ? { group } : {}),
      kind: plural,
    },
  );
}

/** Returns the 401 Status for a missing or unknown bearer token. */
export function unauthorized(): StatusBody {
  return failure(401, "Unauthorized", "Unauthorized");
}

/** Returns the 410 Status of a watch or continue token whose resourceVersion left the window. */
export function expired(message: string): StatusBody {
  return failure(410, "Expired", message);
}

/** Returns a 400 BadRequest Status. */
export function badRequest(message: string): StatusBody {
  return failure(400, "BadRequest", message);
}

/** Returns the 405 Status for verbs the sim does not serve. */
export function methodNotAllowed(): StatusBody {
  return failure(405, "MethodNotAllowed", "the server does not allow this method on the requested resource");
}
