// Side-effect module (a resolve hook); it exports nothing.
export {};
