/**
 * Styles of the public pages (R28.5, R28.8): system fonts, readable on a phone (one column, scrolling trees) and a
 * projector (large type from 1600 px), light and dark from `prefers-color-scheme`; contrast AA in both.
 */
export const PAGE_CSS = `
:root{--bg:#fff;--fg:#1a1a1a;--muted:#555;--line:#c9c9c9;--card:#f4f4f6;--accent:#0b57d0;--win:#0a6b2c;--live:#b3261e}
@media (prefers-color-scheme:dark){:root{--bg:#121316;--fg:#ececec;--muted:#b0b0b0;--line:#444;--card:#1e2026;--accent:#8ab4f8;--win:#7ddc9a;--live:#f2b8b5}}
*{box-sizing:border-box}html,body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
@media (min-width:1600px){html,body{font-size:20px}}
a{color:var(--accent)}header,footer{padding:.6rem 1rem;border-bottom:1px solid var(--line);display:flex;gap:1rem;flex-wrap:wrap;align-items:center}
footer{border-top:1px solid var(--line);border-bottom:0;color:var(--muted);font-size:.9rem}.brand{font-weight:700;text-decoration:none}
main{padding:1rem;max-width:100%;overflow-wrap:break-word}main :is(h1,h2,h3,li){overflow-wrap:anywhere}h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.25rem;margin:1.5rem 0 .5rem}h3{font-size:1.05rem;margin:1rem 0 .4rem}
.muted{color:var(--muted)}.badge{display:inline-block;padding:.05rem .5rem;border-radius:1rem;border:1px solid var(--line);font-size:.85rem}
.badge.ONGOING,.badge.IN_PROGRESS{border-color:var(--live);color:var(--live)}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.5rem 0}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
.tree{display:flex;gap:1.2rem;align-items:stretch;padding:.3rem 0}
.round{display:flex;flex-direction:column;min-width:11rem}.ms{flex:1;display:flex;flex-direction:column;justify-content:space-around;gap:.5rem}
.round>h4{margin:0 0 .2rem;font-size:.85rem;color:var(--muted);font-weight:600}
.m{display:block;border:1px solid var(--line);border-radius:.35rem;background:var(--card);text-decoration:none;color:inherit;min-width:11rem}
.m .s{display:flex;justify-content:space-between;gap:.5rem;padding:.15rem .45rem}.m .s+.s{border-top:1px solid var(--line)}
.m .w{font-weight:700;color:var(--win)}.m .n{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:12rem}
.m[data-status=IN_PROGRESS],.m[data-status=PENDING_RESULT],.m[data-status=DISPUTED]{border-color:var(--live)}
.m .meta{font-size:.75rem;color:var(--muted);padding:0 .45rem .1rem}.m .label{display:block;padding:.1rem .45rem 0;font-weight:600}
table{border-collapse:collapse;width:100%;max-width:60rem}th,td{padding:.3rem .5rem;border-bottom:1px solid var(--line);text-align:right}
th:nth-child(2),td:nth-child(2){text-align:left}th{color:var(--muted);font-weight:600}caption{text-align:left;font-weight:600;padding:.3rem 0}
ol.places{list-style:none;padding:0}ul.plain{list-style:none;padding:0}
body.broadcast{background:transparent;overflow:hidden}body.broadcast main{padding:.5rem;transform-origin:0 0;width:max-content;position:absolute;top:0;left:0}
body.broadcast h2{margin-top:.4rem}body.broadcast .parts{display:flex;gap:2.5rem;align-items:flex-start}body.broadcast .scroll{overflow:visible}
`;
