/** Types of edmonds-blossom-fixed (Van Rantwijk's maximum weighted matching, ported to JavaScript). */
declare module 'edmonds-blossom-fixed' {
  /**
   * Maximum-weight matching of the graph given as [u, v, weight] edges over vertices 0..max index;
   * with `maxCardinality`, a maximum-cardinality matching of maximum weight. Returns mate[v] (-1 = unmatched).
   */
  export default function blossom(edges: [number, number, number][], maxCardinality?: boolean): number[];
}
