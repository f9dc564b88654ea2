// The node page's derivations, without React (components/node renders them).
export { analyzeParsed, parseDetail, run } from "./analysis";
export { amounts, breakdownOf, cardsViewOf, fourColumns, freshnessLine, imageGcMarks, type NodeView } from "./derive";
