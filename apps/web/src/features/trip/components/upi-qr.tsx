// The UPI QR code of one instalment (D31): exactly the upi:// URI the server gave, drawn as an SVG. A chunk of its
// own with the qrcode library, fetched only when a payment section shows a QR (decisions §8: public first load).
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** Pixels on screen: large enough for a phone's camera from a laptop's screen, small beside the instalment. */
const SIZE = 200;

export function UpiQr({ uri, label }: { uri: string; label: string }) {
  const [svg, setSvg] = useState<{ uri: string; src: string }>();
  useEffect(() => {
    let live = true;
    // Level M survives a glare or a crease; the 4-module quiet zone is what scanners need around the code.
    void QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then((text) => {
      if (live) setSvg({ uri, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}` });
    });
    return () => {
      live = false;
    };
  }, [uri]);
  if (svg?.uri !== uri) {
    return <div className="size-[200px] animate-pulse rounded-xl bg-stone-100" aria-hidden="true" />;
  }
  return (
    <img
      src={svg.src}
      alt={label}
      width={SIZE}
      height={SIZE}
      className="size-[200px] rounded-xl bg-white ring-1 ring-stone-200"
      data-testid="upi-qr"
    />
  );
}
