import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  DEFAULT_STATE,
  embedParam,
  emptyWhatIf,
  formatAt,
  hasWhatIf,
  parseAt,
  parseUrlState,
  serializeUrlState,
  themeParam,
  toEngineWhatIf,
  whatIfOpen,
} from "./url-state";

const parse = (qs: string) => parseUrlState(new URLSearchParams(qs));

describe("parseUrlState", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual({ state: { ...DEFAULT_STATE, whatIf: emptyWhatIf() }, invalid: [] });
  });

  it("reads view and what-if params", () => {
    const { state, invalid } = parse(
      "q=ip-10&sort=disk&desc=1&filter=pressure&pool=workers&label=zone%20in%20(a%2Cb)%2C!spot&margin=0.1&signal=nodefs.available&embed=1&theme=dark" +
        "&kr.memory=1Gi&sr.cpu=500m&eh.memory.available=500Mi&es.memory.available=10%25&gp.memory.available=1m30s&mr.nodefs.available=1Gi&scale.memory=1.2&scope=pool",
    );
    expect(invalid).toEqual([]);
    expect(state).toMatchObject({
      q: "ip-10",
      sort: "disk",
      desc: true,
      filter: "pressure",
      pool: "workers",
      label: "zone in (a,b),!spot",
      marginBelow: 0.1,
      signal: "nodefs.available",
      embed: true,
      theme: "dark",
    });
    expect(state.whatIf).toEqual({
      kubeReserved: { memory: "1Gi" },
      systemReserved: { cpu: "500m" },
      evictionHard: { "memory.available": "500Mi" },
      evictionSoft: { "memory.available": "10%" },
      evictionSoftGracePeriod: { "memory.available": "1m30s" },
      evictionMinimumReclaim: { "nodefs.available": "1Gi" },
      usageScale: { memory: 1.2 },
      scope: "pool",
    });
  });

  it.each([
    ["sort=bogus", "sort"],
    ["signal=memory.free", "signal"],
    ["range=30d", "range"],
    ["kr.gpu=1", "kr.gpu"],
    ["kr.memory=lots", "kr.memory"],
    ["eh.memory.free=1Gi", "eh.memory.free"],
    ["eh.memory.available=150%25", "eh.memory.available"],
    ["gp.memory.available=soon", "gp.memory.available"],
    ["scale.memory=-1", "scale.memory"],
    ["scale.cpu=2", "scale.cpu"],
    ["margin=2", "margin"],
    ["label=zone%20in%20(a", "label"],
    ["label=a%3D%3D%3Db", "label"],
    ["theme=<script>", "theme"],
    ["whatif=yes", "whatif"],
    [`q=${"x".repeat(500)}`, "q"],
  ])("drops and reports %s", (qs, param) => {
    const { state, invalid } = parse(qs);
    expect(invalid.map((i) => i.param)).toEqual([param]);
    expect(hasWhatIf(state.whatIf)).toBe(false);
  });

  it("sorts by next eviction (sort=eviction) and writes it back", () => {
    const { state, invalid } = parse("sort=eviction");
    expect(invalid).toEqual([]);
    expect(state.sort).toBe("eviction");
    expect(serializeUrlState(state).get("sort")).toBe("eviction");
  });

  it("ignores unknown keys such as tracking params", () => {
    expect(parse("utm_source=chat&foo=bar").invalid).toEqual([]);
  });

  it("accepts Next's searchParams record with repeated keys", () => {
    const { state } = parseUrlState({ q: ["a", "b"], sort: "pid" });
    expect(state.q).toBe("b");
    expect(state.sort).toBe("pid");
  });
});

describe("serializeUrlState", () => {
  it("round-trips", () => {
    const qs = "q=n1&sort=disk&desc=1&signal=pid.available&range=7d&eh.memory.available=1Gi&kr.cpu=250m&scale.pid=2&scope=all";
    const { state } = parse(qs);
    expect(parse(serializeUrlState(state).toString()).state).toEqual(state);
  });
  it("leaves defaults out", () => {
    expect(serializeUrlState({ ...DEFAULT_STATE, whatIf: emptyWhatIf() }).toString()).toBe("");
  });
});

describe("toEngineWhatIf", () => {
  it("leaves out a blank box (being retyped): neither the engine nor the link gets it", () => {
    const { state } = parse("eh.memory.available=1Gi");
    const w = { ...state.whatIf, evictionHard: { "memory.available": "1Gi", "nodefs.available": " " } };
    expect(toEngineWhatIf(w)).toEqual({ evictionHard: { "memory.available": "1Gi" } });
    expect(serializeUrlState({ ...state, whatIf: w }).toString()).toBe("eh.memory.available=1Gi");
  });
  it("keeps only the set maps", () => {
    const { state } = parse("eh.memory.available=1Gi&scale.memory=1.5");
    expect(toEngineWhatIf(state.whatIf)).toEqual({ evictionHard: { "memory.available": "1Gi" }, usageScale: { memory: 1.5 } });
  });
});

describe("the what-if panel's state", () => {
  it("reads and writes whatif=1|0, and leaves it out by default", () => {
    expect(parse("whatif=1").state.whatIfPanel).toBe("open");
    expect(parse("whatif=0").state.whatIfPanel).toBe("closed");
    const { state } = parse("whatif=0&eh.memory.available=1Gi");
    expect(serializeUrlState(state).toString()).toBe("whatif=0&eh.memory.available=1Gi");
    expect(serializeUrlState({ ...state, whatIfPanel: null }).toString()).toBe("eh.memory.available=1Gi");
  });
  it.each([
    ["", false],
    ["eh.memory.available=1Gi", true],
    ["eh.memory.available=1Gi&embed=1", false],
    ["embed=1&whatif=1", true],
    ["eh.memory.available=1Gi&whatif=0", false],
    ["whatif=1", true],
  ])("%j is open: %s", (qs, open) => expect(whatIfOpen(parse(qs).state)).toBe(open));
});

describe("panel (embeds showing one panel alone)", () => {
  it.each([
    "signals",
    "ranking",
    "capacity",
    "pressure",
    "terminations",
    "oom-order",
    "signal:memory.available",
    "signal:nodefs.inodesFree",
  ])("accepts %s and writes it back", (panel) => {
    const { state, invalid } = parse(`embed=1&panel=${encodeURIComponent(panel)}`);
    expect(invalid).toEqual([]);
    expect(state.panel).toBe(panel);
    expect(serializeUrlState(state).get("panel")).toBe(panel);
  });
  it.each([
    "signal:memory.avail",
    "signal:",
    "Signals",
    "<script>",
    "signal:__proto__",
    "constructor",
    "Pressure",
    "psi",
    "oom_order",
    "oom-order,terminations",
    "terminations\u0000",
    "signal:pressure",
  ])("ignores %j with a note naming the parameter", (panel) => {
    const { state, invalid } = parse(`panel=${encodeURIComponent(panel)}`);
    expect(state.panel).toBeNull();
    expect(invalid).toEqual([
      { param: "panel", reason: "must be signals, ranking, capacity, pressure, terminations, oom-order or signal:<signal name>" },
    ]);
  });
  it("refuses an over-long value by name before reading it", () => {
    const { state, invalid } = parse(`panel=${"oom-order".repeat(20)}`);
    expect(state.panel).toBeNull();
    expect(invalid).toEqual([{ param: "panel", reason: "longer than 128 characters" }]);
  });
  it("keeps a new panel through a link round trip with embed and theme", () => {
    const qs = "embed=1&theme=dark&panel=oom-order";
    const { state } = parse(qs);
    expect(serializeUrlState(state).toString()).toBe(qs);
    expect(parse(serializeUrlState({ ...state, panel: "terminations" }).toString()).state.panel).toBe("terminations");
  });
  it("is left out of links when unset", () => {
    expect(serializeUrlState({ ...DEFAULT_STATE, whatIf: emptyWhatIf() }).has("panel")).toBe(false);
  });
});

describe("embed and theme: one reading for every component", () => {
  it("embed is on for 1 or true only, the same in parseUrlState and embedParam", () => {
    for (const v of ["1", "true", "0", "false", "yes", ""]) {
      expect(parse(`embed=${v}`).state.embed, v).toBe(embedParam(v));
    }
    expect(["1", "true"].map(embedParam)).toEqual([true, true]);
    expect(embedParam(null)).toBe(false);
  });

  it("theme forces light or dark only; another value is listed as invalid", () => {
    expect(themeParam("dark")).toBe("dark");
    expect(themeParam("blue")).toBeNull();
    expect(parse("theme=blue").invalid.map((i) => i.param)).toEqual(["theme"]);
  });
});

describe("at= (pinned links)", () => {
  it("reads RFC 3339 with a zone, in any offset, and writes it back in UTC", () => {
    expect(parse("at=2026-11-24T13:31:20Z").state.at).toBe(Date.UTC(2026, 10, 24, 13, 31, 20));
    expect(parse("at=2026-11-24T14:31:20%2B01:00").state.at).toBe(Date.UTC(2026, 10, 24, 13, 31, 20));
    expect(serializeUrlState(parse("at=2026-11-24T14:31:20.5%2B01:00").state).toString()).toBe("at=2026-11-24T13%3A31%3A20.500Z");
  });
  it.each(["yesterday", "2026-11-24", "2026-11-24T13:31:20", "1732455080", "2026-13-40T99:99:99Z"])(
    "refuses %s, naming the parameter",
    (v) => {
      const { state, invalid } = parse(`at=${encodeURIComponent(v)}`);
      expect(state.at).toBeNull();
      expect(invalid).toEqual([{ param: "at", reason: 'must be an RFC 3339 time such as "2026-11-24T13:31:20Z"' }]);
    },
  );
  it("round-trips any moment to the millisecond", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31) }), (ms) => {
        expect(parseAt(formatAt(ms))).toBe(ms);
        expect(parse(serializeUrlState({ ...DEFAULT_STATE, whatIf: emptyWhatIf(), at: ms }).toString()).state.at).toBe(ms);
      }),
    );
  });
});
