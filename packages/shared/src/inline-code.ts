/**
 * A page that carries its own code (docs/decisions/0036-code-in-the-page.md): on Slow 3G every request
 * waits 2 s for its first byte, so the scripts a server-rendered page needs to hydrate travel inside its
 * HTML, after the content, instead of being asked for once the HTML's head has arrived. The API writes
 * them as inert `<script type="text/x-rifazo-module">` blocks (apps/api/src/lib/web-inline.ts); the boot
 * script below turns each into a module under its real address, through an import map, so a chunk the
 * app loads later from the network shares the same modules. What the server and the browser must agree
 * on lives here.
 */

/** The inert type of a chunk's text in the page; the browser neither runs nor fetches it. */
export const INLINE_MODULE_TYPE = "text/x-rifazo-module";

/** Stands for the page's origin in a chunk's text: a module made from a blob has no address of its own. */
export const ORIGIN_PLACEHOLDER = "__RIFAZO_ORIGIN__";

/** What a chunk's `import.meta.resolve` becomes: the import map's answer for a path or address. */
export const RESOLVE_GLOBAL = "__rifazoResolve";

/** The Server-Timing entry whose description is the response's CSP nonce, for the import map. */
export const NONCE_TIMING = "csp-nonce";

/**
 * A cookie the app sets once its service worker holds its code (features/app-update): the server then
 * sends pages that fetch their scripts, from that cache, instead of carrying them.
 */
export const CODE_CACHED_COOKIE = "rifazo_code_cached";

/**
 * /boot.js's first step, on a page that carries its code: a form's answer puts its own address in the bar
 * (docs/decisions/0029). Right after the page's state, before the chunks' text: the address is right as
 * soon as the page shows, not once its code has arrived.
 */
export const INLINE_ADDRESS_SCRIPT =
  "(function(){try{var a=JSON.parse((document.getElementById('rifazo-state')||{}).textContent||'{}').url;" +
  "if(typeof a==='string'&&a.charAt(0)==='/'&&a.charAt(1)!=='/')history.replaceState(history.state,'',a)}catch(e){}})()";

/** The most text the boot script turns into a blob in one task (16 K UTF-16 code units). */
export const BLOB_PIECE_CHARS = 16384;

/**
 * The page's boot script when it carries its code, in place of the rest of /boot.js. At the end of the
 * body, so every chunk's text is in: each becomes a blob module, the import map names it by its real
 * address (the nonce from Server-Timing lets this one map through the Content-Security-Policy), and the
 * entry is imported once the page has painted, as /boot.js does. Without a nonce (a proxy dropped the
 * header) the map is not made and the entry comes from the network: slower, the same app. One piece of at
 * most BLOB_PIECE_CHARS per task on a visible page, and a chunk's blob made of its pieces' blobs (which
 * the browser joins without copying): the 129 kB app chunk alone took 18–38 ms as one blob at full speed
 * on the 2-core bench machine, four times that on a phone, in which the page answers no tap; a piece of
 * 16 kB took 0.5–10 ms (docs/decisions/0036-code-in-the-page.md). A piece never ends between the two
 * halves of a surrogate pair. The next piece waits on a message, not a timer: nested timers are held to
 * 4 ms each. ES5 besides import(), for any browser that runs the app.
 */
export const INLINE_BOOT_SCRIPT = [
  "(function(){",
  "var o=location.origin,m={},n='',en=null,k=0,i,",
  "v=performance.getEntriesByType&&performance.getEntriesByType('navigation')[0],",
  "t=(v&&v.serverTiming)||[],w=document.visibilityState==='visible';",
  `for(i=0;i<t.length;i++)if(t[i].name==='${NONCE_TIMING}')n=t[i].description;`,
  `var c=document.querySelectorAll('script[type="${INLINE_MODULE_TYPE}"]');`,
  "for(i=0;i<c.length;i++)if(c[i].hasAttribute('data-entry'))en=o+c[i].getAttribute('data-src');",
  "if(!en)return;",
  // x: the chunk's text being cut, p: where its next piece starts, q: its pieces' blobs so far.
  "var x=null,p=0,q=[],e,h,mc=typeof MessageChannel==='function'&&new MessageChannel();",
  "if(mc)mc.port1.onmessage=blobs;function later(){if(mc)mc.port2.postMessage(0);else setTimeout(blobs)}",
  "function blobs(){for(;n&&k<c.length;){",
  `if(x===null){x=c[k].textContent.split('${ORIGIN_PLACEHOLDER}').join(o);p=0;q=[]}`,
  `e=Math.min(p+${BLOB_PIECE_CHARS},x.length);h=x.charCodeAt(e-1);if(e<x.length&&h>=55296&&h<=56319)e--;`,
  "q.push(new Blob([x.slice(p,e)]));p=e;",
  "if(p>=x.length){m[o+c[k].getAttribute('data-src')]=URL.createObjectURL(new Blob(q,{type:'text/javascript'}));x=null;k++}",
  "if(k<c.length&&w)return void later()}",
  "if(n){var s=document.createElement('script');s.type='importmap';s.nonce=n;",
  "s.textContent=JSON.stringify({imports:m});document.head.appendChild(s)}",
  `window.${RESOLVE_GLOBAL}=function(x){var h=new URL(x,location.href).href;return m[h]||h};`,
  "start()}",
  // Not on a page whose form the browser is sending, nor while the buyer is filling such a form
  // (@rifazo/shared/form-key-script).
  "var d=false;function go(){if(d||window.__rifazoLeaving)return;",
  "var r=typeof window.__rifazoBusyFor==='function'?window.__rifazoBusyFor():0;",
  "if(r>0)return void setTimeout(go,r);d=true;import(en)}",
  "function start(){if(!w||typeof PerformanceObserver==='undefined'){go()}else{",
  "try{new PerformanceObserver(function(l,b){if(l.getEntriesByName('first-contentful-paint').length===0)return;",
  "b.disconnect();setTimeout(go)}).observe({type:'paint',buffered:true})}catch(e){go()}",
  "setTimeout(go,3000)}}",
  "blobs()",
  "})()",
].join("");
