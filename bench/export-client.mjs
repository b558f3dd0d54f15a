// The client of bench:reports' export: downloads the CSV as a browser does (brotli, else gzip, decompressed here)
// and counts its bytes and line feeds, then prints them as JSON. A process of its own, started on the other core,
// so that what the export costs the server is not mixed with what unpacking 300 MB costs a client.
//
//   node bench/export-client.mjs <url> <bearer token>
const [url, token] = process.argv.slice(2);
const started = performance.now();
const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } });
if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
let bytes = 0;
let lineFeeds = 0;
for await (const chunk of res.body) {
  bytes += chunk.length;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lineFeeds++;
}
const seconds = (performance.now() - started) / 1000;
console.info(JSON.stringify({ bytes, lineFeeds, seconds, encoding: res.headers.get('content-encoding') }));
