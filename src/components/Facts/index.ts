export { Facts } from "./Facts";
export type { Fact } from "./Facts";
