/// <reference path="./edmonds-blossom-fixed.d.ts" />
import blossom from 'edmonds-blossom-fixed';

/** An undirected weighted edge [u, v, weight] between vertices 0..vertexCount-1 (weights: integers > 0). */
export type WeightedEdge = [number, number, number];

/**
 * Maximum-cardinality matching of maximum total weight (Edmonds' blossom algorithm, edmonds-blossom-fixed).
 * Returns mate[v] for v in 0..vertexCount-1, -1 where unmatched. O(V^3) in the worst case: callers keep
 * the graphs small or sparse.
 */
export function maxWeightMatching(vertexCount: number, edges: WeightedEdge[]): number[] {
  const mate = new Array<number>(vertexCount).fill(-1);
  if (edges.length === 0) return mate;
  const found = blossom(edges, true);
  for (let v = 0; v < vertexCount && v < found.length; v++) mate[v] = found[v] ?? -1;
  return mate;
}
