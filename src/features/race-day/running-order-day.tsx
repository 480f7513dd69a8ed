// One race day of the running order: its races in order, each moved by dragging its handle (mouse,
// touch, or the keyboard: Space to lift, the arrow keys to move, Space to drop, by @dnd-kit), or by
// Move up and Move down, given a planned start, or taken off the day.
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { raceKey, type SequencedRace } from '../../domain/rules/race-sequence';
import { raceDayWords } from '../../domain/rules/running-order';

interface Props {
  day: string;
  races: readonly SequencedRace[];
  title(race: SequencedRace): string;
  plannedStart(race: SequencedRace): string;
  /** The day's races in their new order. */
  onReorder(races: SequencedRace[]): void;
  onStart(race: SequencedRace, start: string): void;
  onRemove(race: SequencedRace): void;
}

export function RunningOrderDay({ day, races, title, plannedStart, onReorder, onStart, onRemove }: Props) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = races.map(raceKey);
  const move = (from: number, to: number) => onReorder(arrayMove([...races], from, to));
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const announcements = {
    onDragStart: ({ active }: { active: { id: string | number } }) => `Picked up ${titleOf(active.id)}.`,
    onDragOver: ({ over }: { over: { id: string | number } | null }) =>
      over ? `Over the place of ${titleOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
      over ? `${titleOf(active.id)} moved to place ${ids.indexOf(String(over.id)) + 1}.` : undefined,
    onDragCancel: ({ active }: { active: { id: string | number } }) => `${titleOf(active.id)} stays where it was.`,
  };
  const titleOf = (id: string | number) => title(races[ids.indexOf(String(id))]!);
  return (
    <section className="running-order-day" aria-labelledby={`day-${day}`}>
      <h2 id={`day-${day}`}>{raceDayWords(day)}</h2>
      {races.length === 0 ? (
        <p>No races on this day yet.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={dropped}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'To move a race, press Space to lift it, the up and down arrow keys to move it, and Space again to drop it, or Escape to leave it where it was.',
            },
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className="running-order-list">
              {races.map((race, i) => (
                <SortableRace
                  key={ids[i]}
                  id={ids[i]!}
                  name={title(race)}
                  start={plannedStart(race)}
                  first={i === 0}
                  last={i === races.length - 1}
                  onMove={(step) => move(i, i + step)}
                  onStart={(start) => onStart(race, start)}
                  onRemove={() => onRemove(race)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}

function SortableRace({
  id,
  name,
  start,
  first,
  last,
  onMove,
  onStart,
  onRemove,
}: {
  id: string;
  name: string;
  start: string;
  first: boolean;
  last: boolean;
  onMove(step: -1 | 1): void;
  onStart(start: string): void;
  onRemove(): void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <li
      ref={setNodeRef}
      className={`running-order-race${isDragging ? ' running-order-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="running-order-handle"
        {...attributes}
        aria-roledescription="movable race"
        aria-label={`Drag: ${name}`}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="running-order-name">{name}</span>
      <label>
        Planned start
        <input
          type="time"
          aria-label={`Planned start of ${name}`}
          value={start}
          onChange={(e) => onStart(e.target.value)}
        />
      </label>
      <span className="running-order-actions">
        <button
          type="button"
          className="button"
          aria-label={`Move up: ${name}`}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          Move up
        </button>
        <button
          type="button"
          className="button"
          aria-label={`Move down: ${name}`}
          disabled={last}
          onClick={() => onMove(1)}
        >
          Move down
        </button>
        <button type="button" className="button button-quiet" aria-label={`Off this day: ${name}`} onClick={onRemove}>
          Off this day
        </button>
      </span>
    </li>
  );
}
