// Hostile-input generators shared by the property tests: strings that look almost right,
// numbers at the edges of float64 and uint64, and JSON of any shape.
import fc from "fast-check";

export const RUNS = Number(process.env.PROPERTY_RUNS ?? 10_000);

const edgeNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  2 ** 64 - 1,
  2 ** 53 + 1,
  1e-320,
  0.1,
  NaN,
  Infinity,
);
const quantityish = fc.stringMatching(
  /^[+-]?\d{0,25}(\.\d{0,12})?([eE][+-]?\d{1,4})?(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|%|Qi|ki)?$/,
);
const durationish = fc.stringMatching(/^-?\d{0,20}(\.\d{0,3})?(ns|us|ms|s|m|h|d)?(\d{1,3}[smh])?$/);

/** A string a user or a broken config could send where a quantity, percentage or duration belongs. */
export const nastyString = fc.oneof(
  quantityish,
  durationish,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "%",
    "100%",
    "0%",
    "-5%",
    "1e400",
    "1E-400",
    "9".repeat(400),
    "NaN",
    "Infinity",
    "0x10",
    "1_000",
    "1Mi ",
    "\u0000",
    "__proto__",
    "constructor",
  ),
);

/** Any JSON-ish value, weighted toward the edges. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  edgeNumbers,
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

/** A field-path prefix as the engine writes it: `kubeletConfig.evictionHard["memory.available"]: …`, `"odd key": …`. */
export const FIELD_ERROR = /^([A-Za-z_][\w$-]*|"(?:[^"\\]|\\.)*")(\.[\w$-]+|\[(?:\d+|"(?:[^"\\]|\\.)*")\])*( \(.*\))?:\s/;
