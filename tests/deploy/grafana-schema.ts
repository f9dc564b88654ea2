// A schema for the dashboard JSON, written from Grafana's documented dashboard model ("JSON model"
// in Grafana's docs: the dashboard's top-level fields, panels with gridPos, targets, fieldConfig and
// transformations, templating variables, data links). No Grafana schema package is a dependency;
// this holds the fields Grafana documents as required and the value ranges it documents.
import { z } from "zod";

const datasourceRef = z.strictObject({ type: z.string().min(1), uid: z.string().min(1) });

/** A data link: Grafana interpolates ${…} in url and title. */
const dataLink = z.strictObject({ title: z.string().min(1), url: z.string().min(1), targetBlank: z.boolean().optional() });

const gridPos = z
  .strictObject({ h: z.int().min(1), w: z.int().min(1).max(24), x: z.int().min(0).max(23), y: z.int().min(0) })
  .refine((g) => g.x + g.w <= 24, "a panel ends within the 24-column grid (x + w <= 24)");

const prometheusTarget = z.strictObject({
  refId: z.string().regex(/^[A-Z]$/),
  datasource: datasourceRef,
  expr: z.string().min(1),
  legendFormat: z.string().optional(),
  range: z.boolean(),
  instant: z.boolean(),
  format: z.enum(["time_series", "table", "heatmap"]),
});

const matcher = z.strictObject({ id: z.enum(["byName", "byRegexp", "byType", "byFrameRefID"]), options: z.string() });
const fieldConfig = z.strictObject({
  defaults: z
    .looseObject({
      unit: z.string().optional(),
      decimals: z.int().min(0).optional(),
      min: z.number().optional(),
      max: z.number().optional(),
      links: z.array(dataLink).optional(),
      custom: z.record(z.string(), z.unknown()).optional(),
    })
    .refine(
      (d) =>
        Object.keys(d).every((k) =>
          ["unit", "decimals", "min", "max", "links", "custom", "color", "thresholds", "mappings", "displayName"].includes(k),
        ),
      "fieldConfig.defaults has only documented field options",
    ),
  overrides: z.array(
    z.strictObject({ matcher, properties: z.array(z.strictObject({ id: z.string().min(1), value: z.unknown() })).min(1) }),
  ),
});

const panelSchema = z.strictObject({
  id: z.int().min(1),
  type: z.enum([
    "timeseries",
    "heatmap",
    "table",
    "stat",
    "gauge",
    "bargauge",
    "state-timeline",
    "status-history",
    "text",
    "row",
  ]),
  title: z.string().min(1),
  description: z.string().optional(),
  datasource: datasourceRef,
  gridPos,
  targets: z.array(prometheusTarget).min(1),
  fieldConfig,
  options: z.record(z.string(), z.unknown()),
  transformations: z.array(z.strictObject({ id: z.string().min(1), options: z.record(z.string(), z.unknown()) })).optional(),
});

const variable = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("datasource"),
    name: z.string().regex(/^\w+$/),
    label: z.string(),
    query: z.string().min(1),
    refresh: z.union([z.literal(1), z.literal(2)]),
    regex: z.string(),
    hide: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    current: z.record(z.string(), z.unknown()),
    options: z.array(z.unknown()),
    includeAll: z.boolean(),
    multi: z.boolean(),
  }),
  z.strictObject({
    type: z.literal("query"),
    name: z.string().regex(/^\w+$/),
    label: z.string(),
    datasource: datasourceRef,
    query: z.strictObject({ query: z.string().min(1), refId: z.string(), qryType: z.int() }),
    definition: z.string().min(1),
    refresh: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    includeAll: z.boolean(),
    allValue: z.string().optional(),
    multi: z.boolean(),
    current: z.record(z.string(), z.unknown()),
    options: z.array(z.unknown()),
    sort: z.int().min(0).max(8),
    hide: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    regex: z.string(),
  }),
]);

export const dashboardSchema = z.strictObject({
  id: z.null(),
  uid: z.string().regex(/^[\w-]{1,40}$/, "uid: at most 40 letters, digits, - or _"),
  title: z.string().min(1),
  description: z.string().optional(),
  tags: z.array(z.string()),
  timezone: z.enum(["browser", "utc", ""]),
  editable: z.boolean(),
  graphTooltip: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  schemaVersion: z.int().min(36),
  version: z.int().min(0),
  refresh: z.string(),
  time: z.strictObject({ from: z.string().min(1), to: z.string().min(1) }),
  fiscalYearStartMonth: z.int().min(0).max(11),
  liveNow: z.boolean(),
  weekStart: z.string(),
  annotations: z.strictObject({ list: z.array(z.record(z.string(), z.unknown())) }),
  links: z.array(z.unknown()),
  templating: z.strictObject({ list: z.array(variable) }),
  panels: z.array(panelSchema).min(1),
});
