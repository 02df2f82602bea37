"""What every game module shares: the error for illegal moves and validated variants."""

from __future__ import annotations

import dataclasses
import itertools
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any


class IllegalAction(Exception):
    """An action that is not legal in this state; the message is meant for the player.

    The message is English. `code` names the rule it breaks and `params` the values it cites
    (seats as numbers, ranks and suits as the engine writes them), so that the site can say the
    same in the reader's language (games.narration.illegal).
    """

    def __init__(self, message: str, code: str = "", **params: Any) -> None:
        super().__init__(message)
        self.code, self.params = code, params


def build_variant(variant_class: type, presets: Mapping[str, Mapping[str, Any]], game_title: str,
                  preset: str = "standard", **fields: Any):
    """A frozen variant: the preset's field overrides, then `fields`, each checked by the class.

    Raises ValueError naming the bad preset, field or value.
    """
    if preset not in presets:
        raise ValueError(f"{game_title} has no preset '{preset}' (known: {', '.join(presets)}).")
    known = {field.name for field in dataclasses.fields(variant_class)}
    values = {**presets[preset], **fields}
    unknown = sorted(set(values) - known)
    if unknown:
        raise ValueError(f"Unknown variant field '{unknown[0]}' for {game_title} (known: {', '.join(sorted(known))}).")
    return variant_class(**values)


def resolve_variant(game, variant_class: type, variant: Any):
    """A game's variant from what callers pass: None (the standard rules), a variant, or a dict of fields."""
    if variant is None:
        return game.variant()
    if isinstance(variant, variant_class):
        return variant
    if isinstance(variant, Mapping):
        return game.variant(**variant)
    raise ValueError(f"A variant is a {variant_class.__name__}, a dict of its fields, or None.")


_CONTAINERS = (dict, list, tuple)


def copy_json(value: Any) -> Any:
    """A copy of a JSON-like value that shares no list or dict with it, so that nothing handed out
    can change a state. (Views copy the whole log: scalars are passed over without a call.)"""
    kind = type(value)
    if kind is dict:
        return {key: copy_json(item) if type(item) in _CONTAINERS else item for key, item in value.items()}
    if kind is list or kind is tuple:
        return [copy_json(item) if type(item) in _CONTAINERS else item for item in value]
    return value


class ReadOnlyDict(dict):
    """A dict nobody can change: what a view hands out of the log, shared by every view that shows it.

    A dict still, so that it compares equal to a plain one and json.dumps writes it; copying it (`dict(event)`,
    `{**event}`) gives a plain dict to change."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError("A logged event is read-only: copy it (dict(event)) to change it.")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self):
        return ReadOnlyDict, (dict(self),)


class ReadOnlyList(list):
    """A list nobody can change (a view's log, a logged event's cards); `list(value)` gives one to change."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError("A logged list is read-only: copy it (list(value)) to change it.")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self):
        return ReadOnlyList, (list(self),)


def read_only(value: Any) -> Any:
    """A read-only copy of a JSON-like value (lists and tuples become read-only lists)."""
    kind = type(value)
    if kind is dict:
        return ReadOnlyDict({key: read_only(item) if type(item) in _CONTAINERS else item
                             for key, item in value.items()})
    if kind is list or kind is tuple:
        return ReadOnlyList([read_only(item) if type(item) in _CONTAINERS else item for item in value])
    return value


def _public_part(event: dict) -> ReadOnlyDict:
    """A logged event as every seat but its own sees it: without its "private" part."""
    return read_only({key: value for key, value in event.items() if key != "private"})


def _owner_part(event: dict) -> ReadOnlyDict:
    """A logged event as the seat it happened to sees it: its "private" part merged in."""
    return read_only({**{key: value for key, value in event.items() if key != "private"}, **event["private"]})


class EventLog(Sequence):
    """The events of a match, shared by all its states without a copy per state.

    States along one line of play share one list; each sees only its first `len` events, which
    never change, so the log stays immutable for every state. Extending a state that is not the
    newest of its line (a bot trying several moves from one position) copies its prefix first.

    The line also shares each seat's reading of its events (`seen_by`): read-only, made once per event
    and seat, so that a view's log costs a copy of references, not of the events, however long the match.
    """

    __slots__ = ("_events", "_length", "_seen")
    _lock = threading.Lock()        # two threads extending one state must not both append in place

    def __init__(self, events: Iterable[dict] = ()) -> None:
        self._events = list(events)
        self._length = len(self._events)
        self._seen: dict[int | None, list[ReadOnlyDict]] = {}   # by seat (None: the public log), as long as read

    def extended(self, new_events: Sequence[dict]) -> EventLog:
        if not new_events:
            return self
        with EventLog._lock:
            events, seen = self._events, self._seen
            if len(events) != self._length:
                events, seen = events[:self._length], {}
            events.extend(new_events)
            log = object.__new__(EventLog)
            log._events, log._length, log._seen = events, len(events), seen
        return log

    def seen_by(self, seat: int | None) -> ReadOnlyList:
        """The log as `seat` may read it (None: everyone): each event's "private" part only for its own seat."""
        with EventLog._lock:
            public = self._seen.setdefault(None, [])
            public.extend(_public_part(event) for event in self._events[len(public):self._length])
            if seat is None:
                return ReadOnlyList(public[:self._length])
            own = self._seen.setdefault(seat, [])
            for index in range(len(own), self._length):
                event = self._events[index]
                own.append(_owner_part(event) if "private" in event and event.get("seat") == seat else public[index])
            return ReadOnlyList(own[:self._length])

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self._events[:self._length][index])
        if not -self._length <= index < self._length:
            raise IndexError("event index out of range")
        return self._events[index % self._length]

    def __iter__(self) -> Iterator[dict]:
        return itertools.islice(self._events, self._length)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (EventLog, tuple, list)):
            return NotImplemented
        return len(self) == len(other) and all(mine == theirs for mine, theirs in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(json_key(event) for event in self))

    def __repr__(self) -> str:
        return f"EventLog({self._length} events)"


def last_event_index(log: Sequence[dict], kind: str) -> int | None:
    """The index of a log's last event of type `kind` (None: there is none), looked for from the end: a long
    match's log is long, its current deal short."""
    for index in range(len(log) - 1, -1, -1):
        if log[index]["type"] == kind:
            return index
    return None


def json_key(value: Any) -> Any:
    """A hashable stand-in for a JSON-like value."""
    if isinstance(value, dict):
        return tuple(sorted((key, json_key(item)) for key, item in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(json_key(item) for item in value)
    return value
