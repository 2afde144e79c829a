// A component imports its stylesheet for the bundle stage (compiler/bundle/styles.ts); in code the
// import is nothing.
declare module "*.css";
