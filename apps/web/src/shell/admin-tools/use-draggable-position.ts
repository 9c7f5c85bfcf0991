import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  clampToScreen,
  defaultPlace,
  initialPosition,
  isOnScreen,
  loadStoredPosition,
  type Point,
  storePosition,
} from './position';

// Pointer-event dragging of the floating button. A press that moves less than a few pixels is a
// click, so the button still opens the panel (and works by keyboard as any button does).
const DRAG_THRESHOLD = 5;

interface DragState {
  pointerId: number;
  startX: number;
  startY: number;
  origin: Point;
  moved: boolean;
}

export function useDraggablePosition() {
  const [position, setPosition] = useState<Point>(initialPosition);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<DragState | null>(null);
  /** set when a drag ends, so the click that follows the pointerup does not open the panel */
  const suppressClick = useRef(false);

  useEffect(() => {
    // a stored or dragged position that the resized window no longer shows goes back to the default
    const onResize = () => {
      setPosition((current) => {
        if (isOnScreen(current)) return current;
        storePosition(null);
        return defaultPlace();
      });
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    // in its default place the button rises above what a page keeps clear (a chat's composer): the
    // page changes under it, so its place is looked at again after each change, once a frame
    let frame = 0;
    const follow = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        if (loadStoredPosition() || drag.current) return;
        const place = defaultPlace();
        setPosition((current) => (current.x === place.x && current.y === place.y ? current : place));
      });
    };
    const observer = new MutationObserver(follow);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', follow);
    follow();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', follow);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  const onPointerDown = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      drag.current = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, origin: position, moved: false };
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    [position],
  );

  const onPointerMove = useCallback((e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const dx = e.clientX - d.startX;
    const dy = e.clientY - d.startY;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = true;
      setDragging(true);
    }
    setPosition(clampToScreen({ x: d.origin.x + dx, y: d.origin.y + dy }));
  }, []);

  const endDrag = useCallback((e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    if (!d.moved) return;
    suppressClick.current = true;
    // the click that follows this pointerup comes in the same task; later clicks are real ones
    window.setTimeout(() => {
      suppressClick.current = false;
    }, 0);
    setDragging(false);
    const final = clampToScreen({ x: d.origin.x + e.clientX - d.startX, y: d.origin.y + e.clientY - d.startY });
    setPosition(final);
    storePosition(final);
  }, []);

  /** True once for the click event that ends a drag. */
  const consumeDragClick = useCallback(() => {
    const was = suppressClick.current;
    suppressClick.current = false;
    return was;
  }, []);

  return {
    position,
    dragging,
    consumeDragClick,
    handlers: { onPointerDown, onPointerMove, onPointerUp: endDrag, onPointerCancel: endDrag },
  };
}
