// Scans a barcode with the phone's camera where the browser has the BarcodeDetector API (Chrome on
// Android); elsewhere the button is not shown and the code is typed.
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '@/components/ui/dialog.tsx';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options?: { formats?: string[] }) => Detector;

const BarcodeDetectorClass = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
export const canScan = () => !!BarcodeDetectorClass && !!navigator.mediaDevices?.getUserMedia;

function Scanner({ onResult, onClose }: { onResult: (code: string) => void; onClose: () => void }) {
  const intl = useIntl();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let done = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = new BarcodeDetectorClass!();
        timer = setInterval(async () => {
          if (done || !video.current) return;
          const [code] = await detector.detect(video.current).catch(() => []);
          if (code?.rawValue) {
            done = true;
            onResult(code.rawValue);
          }
        }, 300);
      } catch {
        setFailed(true);
      }
    })();
    return () => {
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onResult]);
  return (
    <Dialog title={intl.formatMessage({ id: 'inventory.scanTitle' })} onClose={onClose}>
      {failed ? (
        <p className="text-error">
          <FormattedMessage id="inventory.scanFailed" />
        </p>
      ) : (
        <>
          <video ref={video} className="w-full rounded-box bg-black" muted playsInline />
          <p className="mt-2 text-sm opacity-70">
            <FormattedMessage id="inventory.scanHint" />
          </p>
        </>
      )}
    </Dialog>
  );
}

/** A camera button that hands over the scanned code; nothing where scanning is not possible. */
export function ScanButton({ onScan }: { onScan: (code: string) => void }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  if (!canScan()) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline min-h-11"
        aria-label={intl.formatMessage({ id: 'inventory.scan' })}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden>▥</span>
      </button>
      {open && (
        <Scanner
          onClose={() => setOpen(false)}
          onResult={(code) => {
            setOpen(false);
            onScan(code);
          }}
        />
      )}
    </>
  );
}
