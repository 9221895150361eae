"""The judge reads a transcript as it judges it: a deal at a time, and no further than the first
verdict against it (`referee.replay.Replay`, `referee.transcript.TranscriptStream`, the deal
notation's reader). What a file costs in time is measured by `referee bench stream`; these tests
check the behaviour: how much of the file is read, and that streaming changes no judgement."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from referee.errors import TranscriptError
from referee.judge import judge, judge_file
from referee.notation import read_deal_text, write_deal
from referee.report import judgement_json
from referee.transcript import TranscriptStream, dump_transcript, load_transcript

GOLDEN = Path(__file__).parent / "golden"

KIERKI = json.loads((GOLDEN / "kierki-match-seed2.json").read_text(encoding="utf-8"))


def _many(actions: int = 2_000, deals: int = 60) -> dict:
    """A transcript of `deals` deals of `actions` actions, its first action illegal."""
    first = KIERKI["deals"][0]
    deal = {"dealer": first["dealer"], "hands": first["hands"],
            "actions": [{"seat": first["actions"][0]["seat"], "action": "pass"}] * actions}
    return {k: v for k, v in KIERKI.items() if k != "deals"} | {"deals": [deal] * deals}


@pytest.fixture
def bytes_read(monkeypatch):
    """The bytes read from files by the transcript and the notation readers."""
    from referee import limits, transcript
    count = [0]
    real = os.read

    def counted(fd, size):
        data = real(fd, size)
        count[0] += len(data)
        return data
    monkeypatch.setattr(transcript.os, "read", counted)
    monkeypatch.setattr(limits.os, "read", counted)
    return count


def test_the_first_illegal_action_of_a_long_json_transcript_is_judged_after_reading_its_deal(tmp_path, bytes_read):
    path = tmp_path / "long.json"
    path.write_text(json.dumps(_many(deals=80)), encoding="utf-8")
    judgement = judge_file(path)
    assert judgement.where == "deals[0].actions[0]" and not judgement.legal
    size = path.stat().st_size
    assert size > 4_000_000 and bytes_read[0] <= 1 << 21  # two megabytes read of four


def test_the_first_illegal_action_of_a_long_deal_file_is_judged_after_reading_its_deal(tmp_path, bytes_read):
    data = _many(actions=2_000, deals=400)
    path = tmp_path / "long.deal"
    text = write_deal({**data, "deals": data["deals"][:1]})
    deal = text[text.index("\ndeal 1"):]
    path.write_text(text + "".join(deal.replace("deal 1 ", f"deal {n} ") for n in range(2, 401)), encoding="utf-8")
    judgement = judge_file(path)
    assert judgement.where == "deals[0].actions[0]" and not judgement.legal
    assert path.stat().st_size > 4_000_000 and bytes_read[0] <= 1 << 21


def test_what_follows_the_first_verdict_is_not_read(tmp_path):
    """A later deal the schema or the notation refuses does not hide the verdict before it."""
    data = _many(actions=3, deals=3)
    data["deals"][2] = {**data["deals"][2], "actions": [{"seat": "x", "action": "pass"}]}
    path = tmp_path / "t.json"
    path.write_text(dump_transcript(data), encoding="utf-8")
    assert judge_file(path).where == "deals[0].actions[0]"
    with pytest.raises(TranscriptError, match=r"deals\[2\]\.actions\[0\]\.seat"):
        load_transcript(path)  # read whole (`convert`, `legal`), the file is refused
    text = write_deal(_many(actions=3, deals=1))
    deal_path = tmp_path / "t.deal"
    deal_path.write_text(text + text[text.index("\ndeal 1"):].replace("deal 1 ", "deal 2 ") + "\ndeal 3 dealer 9 !\n",
                         encoding="utf-8")
    assert judge_file(deal_path).where == "deals[0].actions[0]"


@pytest.mark.parametrize("name", ["kierki-match-seed2.json", "preferans-seed5.json", "bouillotte-match-seed5.json",
                                  "kierki-revoke.json", "bouillotte5-match-seed2.json"])
def test_a_file_judged_as_it_is_read_is_judged_as_the_same_transcript_in_memory(tmp_path, name):
    data = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    expected = judgement_json(judge(data, base=GOLDEN))
    assert judgement_json(judge_file(GOLDEN / name)) == expected
    # Fields after the deals (keys sorted, as `json.dumps(sort_keys=True)` writes them): read whole.
    moved = tmp_path / name
    moved.write_text(json.dumps(data, sort_keys=True, indent=1), encoding="utf-8")
    assert list(json.loads(moved.read_text(encoding="utf-8")))[0] == "deals"
    assert judgement_json(judge_file(moved, rules_file=None)) == expected
    notation = tmp_path / name.replace(".json", ".deal")
    notation.write_text(write_deal(data), encoding="utf-8")
    assert judgement_json(judge_file(notation)) == expected
    assert read_deal_text(notation.read_text(encoding="utf-8")) == data


@pytest.mark.parametrize("text, where, problem", [
    ('{"format": "referee-transcript/1", "game": "kierki",\n "deals": [\n  {"dealer": 0, "hands": {}, "actions": [}\n ]}',
     "3:42", "is not valid JSON: Expecting value"),
    ('{"format": "referee-transcript/1", "game": "kierki", "deals": [{"dealer": 0, "hands": {"0": '
     + "[" * 40 + "]" * 40 + '}, "actions": []}]}', "1:121", "nested more than 32 deep"),
    ('{"format": "referee-transcript/1", "game": "kierki", "deals": [{"dealer": 1.0, "hands": {}, "actions": []}]}',
     None, "transcript.deals[0].dealer: 1.0 is not of type integer"),
    ('{"format": "referee-transcript/1", "game": "kierki", "deals": [{"dealer": 0, "hands": {}, "actions": []},'
     ' {"dealer": 0, "hands": {}, "actions": [], "x": 1}]}', None, "transcript.deals[1]: unexpected fields"),
])
def test_a_broken_deal_is_refused_where_it_is_broken(tmp_path, text, where, problem):
    path = tmp_path / "t.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TranscriptError) as streamed:
        list(TranscriptStream(path).deals())
    assert problem in str(streamed.value)
    if where is not None:
        assert str(streamed.value).startswith(f"{path}:{where}:")
    with pytest.raises(TranscriptError) as whole:
        load_transcript(path)
    assert str(whole.value) == str(streamed.value)  # the same words as the file read whole


def test_text_that_is_not_utf8_is_refused_at_its_line_and_column_across_chunks(tmp_path, monkeypatch):
    from referee import transcript
    monkeypatch.setattr(transcript, "_CHUNK", 7)  # a character of three bytes cut by the chunks
    path = tmp_path / "t.json"
    path.write_bytes('{"format": "referee-transcript/1", "game": "kierki", "seats": ["Łucja",\n "Ann\xff"], "deals": []}'
                     .encode("utf-8").replace("\xff".encode("utf-8"), b"\xff"))
    with pytest.raises(TranscriptError, match=r"t.json:2:7: is not UTF-8 text \(byte 0xff\)"):
        TranscriptStream(path)
    seats = ["Łucja", "Ann"]
    path.write_text(json.dumps({**KIERKI, "seats": seats, "deals": KIERKI["deals"][:2]}, ensure_ascii=False),
                    encoding="utf-8")
    stream = TranscriptStream(path)
    assert stream.header["seats"] == seats and list(stream.deals()) == KIERKI["deals"][:2]
