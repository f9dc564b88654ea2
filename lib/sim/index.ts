// The sim's public surface: tests and the app's one start-up switch import from here only.
export { startSim, type Sim } from "./sim";
export { SimClock } from "./state/clock";
export { loadScenario } from "./state/scenario";
