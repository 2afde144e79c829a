// A product clip in a dialog: the film with the browser's controls, and Replay and Full screen
// buttons below it. It plays when the dialog opens and stops when it closes (runtime/dialogs.ts);
// nothing of it loads before (preload none). The clips are silent (npm run videos draws them), so
// muted: no sound to caption, and no browser refuses to play it.
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Dialog } from "./Dialog.tsx";
import "./VideoDialog.css";

type Video = NonNullable<Extract<SectionData, { type: "feature" }>["video"]>;

export function VideoDialog({ video, title }: { video: Video; title: string }) {
  const { labels } = video;
  return (
    <Dialog id={video.dialogId} title={title} close={labels.close} variant="video">
      <video
        className="video-dialog__film"
        src={video.src}
        width={854}
        height={480}
        preload="none"
        muted
        controls
        playsInline
        data-autoplay=""
      />
      <div className="video-dialog__actions">
        <button type="button" className="video-dialog__action" data-video-replay="">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M4 12a8 8 0 1 0 2.4-5.7M4 4v4h4" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {labels.replay}
        </button>
        <button type="button" className="video-dialog__action" data-video-fullscreen="">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {labels.fullScreen}
        </button>
      </div>
    </Dialog>
  );
}
