/**
 * The one inline script of the site's pages: apps/web/vite.config.ts writes it into index.html's <head>,
 * and the API's Content-Security-Policy allows exactly this text by its hash (apps/api/src/app.ts). It
 * runs as the HTML arrives (/boot.js arrives a round trip later, 2 s on Slow 3G, after a quick buyer has
 * tapped): each native submission of a form marked `data-form-key` gets a fresh random key in `clave`,
 * which the server answers with the next page itself instead of a redirect, and a repeated submission
 * with the same result (docs/decisions/0029-reserve-and-pay-before-javascript.md). The `formdata` event
 * adds the field to what is sent without touching the DOM React hydrates. ES5, for any browser.
 * It also marks the page as being left (`window.__rifazoLeaving`): a page whose form the browser is
 * sending does not start its app (/boot.js, @rifazo/shared/inline-code), whose first requests would
 * share the line with the answer the buyer waits for (docs/decisions/0036-code-in-the-page.md).
 * And it tells how long the app's start should still wait (`window.__rifazoBusyFor()`, in ms): until
 * FORM_QUIET_MS after the last touch, key or change inside such a form. The app's start is a long task
 * on a phone, in which a tap waits; a buyer choosing numbers is about to send the form, which needs no
 * code (decision 0036).
 */
export const FORM_QUIET_MS = 2000;

export const FORM_KEY_SCRIPT =
  "(function(){var a=0;" +
  'document.addEventListener("formdata",function(e){var f=e.target;' +
  'if(!(f instanceof HTMLFormElement)||!f.hasAttribute("data-form-key"))return;' +
  "window.__rifazoLeaving=1;" +
  'var b=crypto.getRandomValues(new Uint8Array(16)),k="";' +
  "for(var i=0;i<b.length;i++)k+=(b[i]+256).toString(16).slice(1);" +
  'e.formData.set("clave",k)});' +
  'function t(e){var n=e.target;if(n&&n.closest&&n.closest("form[data-form-key]"))a=Date.now()}' +
  'var v=["pointerdown","keydown","change"];for(var j=0;j<v.length;j++)document.addEventListener(v[j],t,true);' +
  `window.__rifazoBusyFor=function(){return a?Math.max(0,a+${FORM_QUIET_MS}-Date.now()):0}` +
  "})()";
