// The node page's derivations, without React (components/node renders them).
export { analyzeParsed, parseDetail, run, type Run } from "./analysis";
export {
  amounts,
  breakdownOf,
  cardsViewOf,
  fourColumns,
  freshnessLine,
  imageGcMarks,
  type Breakdown,
  type NodeView,
} from "./derive";
