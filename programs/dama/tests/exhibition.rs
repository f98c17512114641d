//! The SILLIAC dama program (programs/dama/dama.sil) on the emulator against the native engine
//! in the exhibition: short and default exhibitions, records written and resumed, and the
//! refusal of bad records.

use std::collections::BTreeMap;

use dama::exhibition::{exhibition, EventKind, Exhibition, ExhibitionOptions};
use dama::search::{faithful, Setting};
use dama::sil::{move_frames, set_frames, Reply, SilDama};
use dama::times::TimeStats;
use dama::{legal_moves, End, Move, Position, Side};

#[test]
fn three_boards_no_mismatch_exact_times() {
    let opts = ExhibitionOptions {
        boards: 3,
        seed: 1,
        ..ExhibitionOptions::default()
    };
    let r = exhibition(&opts).unwrap();
    assert!(r.mismatches.is_empty(), "{:?}", r.mismatches);
    assert_eq!(r.results.len(), 3);
    assert!(r.results.iter().all(|b| b.winner.is_some()));
    assert_eq!(r.moves.len(), 78);
    // Emulated (period) time is exact and deterministic: the whole exhibition and the spread
    // of the period time per move (figures of the timing table in emu/src/silliac/timing.rs).
    assert_eq!(r.emulated_ns, 2_399_394_596_000);
    let s = TimeStats::of(&r.move_times()).unwrap();
    assert_eq!((s.min, s.median, s.max), (1.875944, 17.52777, 210.918185));
    assert!(r.words_used <= 1024);
}

/// The default exhibition plays 25 pairwise different games (the move lists differ), every
/// machine move cross-checked without a mismatch, and names a different player at every board.
#[test]
fn the_default_plays_twenty_five_different_games() {
    let opts = ExhibitionOptions::default();
    assert_eq!(opts.boards, 25);
    let mut games: BTreeMap<u8, Vec<String>> = BTreeMap::new();
    let (mut opponents, mut mismatches, mut finished) = (Vec::new(), 0, false);
    for e in Exhibition::new(&opts).unwrap() {
        match e.unwrap().kind {
            EventKind::Started { opponents: o, .. } => opponents = o,
            EventKind::MachineMove(m) => games.entry(m.board).or_default().push(m.mv.to_string()),
            EventKind::OpponentMove { board, mv, .. } => {
                games.entry(board).or_default().push(mv.to_string())
            }
            EventKind::Mismatch(_) => mismatches += 1,
            EventKind::Finished(_) => finished = true,
            _ => {}
        }
    }
    assert!(finished);
    assert_eq!(mismatches, 0);
    assert_eq!(games.len(), 25);
    let distinct: std::collections::BTreeSet<&Vec<String>> = games.values().collect();
    assert_eq!(distinct.len(), 25, "some boards replayed one game");
    let names: std::collections::BTreeSet<&String> = opponents.iter().collect();
    assert_eq!(names.len(), 25, "{opponents:?}");
}

fn one_move(replies: &[dama::sil::TimedReply]) -> (u8, Move) {
    match replies
        .iter()
        .map(|r| r.reply)
        .find(|r| matches!(r, Reply::Move { .. }))
    {
        Some(Reply::Move { board, mv, .. }) => (board, mv),
        _ => panic!("no move in {replies:?}"),
    }
}

#[test]
fn bad_records_are_refused_and_the_other_boards_go_on() {
    let mut sil = SilDama::start(Setting::DEMO, 3).unwrap();
    let first = sil.run().unwrap();
    assert_eq!(first.len(), 3);
    let mut pos = [Position::start(); 3];
    for r in &first {
        let (b, mv) = one_move(std::slice::from_ref(r));
        pos[b as usize - 1] = pos[b as usize - 1].apply(mv);
    }
    let texts = |rs: &[dama::sil::TimedReply]| -> Vec<String> {
        rs.iter().map(|r| r.text.clone()).collect()
    };
    // Board 26 and board 0 do not exist; 33 is no square; 28-20 is no move; 20-16: no piece.
    for frames in [
        move_frames(26, 28, 24),
        move_frames(0, 28, 24),
        move_frames(2, 33, 24),
        move_frames(2, 28, 20),
        move_frames(3, 20, 16),
    ] {
        sil.push(&frames.unwrap());
        let rs = sil.run().unwrap();
        assert_eq!(rs.len(), 1, "{:?}", texts(&rs));
        assert!(
            matches!(rs[0].reply, Reply::Refused { .. }),
            "{:?}",
            texts(&rs)
        );
    }
    // A's own piece is not B's move either.
    sil.push(&move_frames(1, 10, 14).unwrap());
    let rs = sil.run().unwrap();
    assert_eq!(texts(&rs), vec!["01 REFUSED".to_string()]);
    // Every board still plays: a legal move on each gets the native engine's reply.
    for (b, p) in pos.iter_mut().enumerate() {
        let m = legal_moves(p).as_slice()[0];
        *p = p.apply(m);
        sil.push(&move_frames(b as u8 + 1, m.from, m.to).unwrap());
        let rs = sil.run().unwrap();
        let native = faithful(p, Setting::DEMO);
        match rs[0].reply {
            Reply::Move {
                board,
                mv,
                value,
                positions,
            } => {
                assert_eq!(board as usize, b + 1);
                assert_eq!(Some(mv), native.mv);
                assert_eq!((value, positions), (native.value, native.positions));
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_finished_board_refuses_and_the_program_stops_when_all_are() {
    let mut sil = SilDama::start(Setting::DEMO, 1).unwrap();
    sil.run().unwrap();
    // A fills its goal with 22-25.
    let a: u32 = (26..=32).chain([22]).map(|s| 1u32 << (s - 1)).sum();
    let b: u32 = (2..=9).map(|s| 1u32 << (s - 1)).sum();
    let p = Position::from_masks(a, b, Side::A).unwrap();
    sil.push(&set_frames(1, a, b).unwrap());
    let rs = sil.run().unwrap();
    let native = faithful(&p, Setting::DEMO);
    assert_eq!(native.mv, Some(Move::new(22, 25)));
    assert_eq!(
        rs.iter().map(|r| r.reply).collect::<Vec<_>>(),
        vec![
            Reply::Move {
                board: 1,
                mv: Move::new(22, 25),
                value: native.value,
                positions: native.positions
            },
            Reply::Wins {
                board: 1,
                side: Side::A,
                end: End::Goal
            }
        ]
    );
    assert!(sil.all_finished());
    // The console restarts it: the board is finished, so a move there is refused.
    sil.push(&move_frames(1, 9, 5).unwrap());
    let rs = sil.run().unwrap();
    assert_eq!(rs[0].text, "01 REFUSED");
}

#[test]
fn records_are_written_as_the_games_go_and_resume_continues_them() {
    let dir = std::env::temp_dir().join(format!("damasil-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let opts = ExhibitionOptions {
        boards: 2,
        seed: 5,
        opponents: vec!["greedy".to_string(), "random".to_string()],
        record_dir: Some(dir.clone()),
        ..ExhibitionOptions::default()
    };
    let full = exhibition(&opts).unwrap();
    assert!(full.mismatches.is_empty());
    let file = |b: u8| dir.join(format!("board-{b:02}.txt"));
    let whole: Vec<String> = (1..=2)
        .map(|b| std::fs::read_to_string(file(b)).unwrap())
        .collect();
    // One line a half-move plus the header and the end.
    assert_eq!(whole[0].lines().count(), full.results[0].half_moves + 2);
    assert!(whole[1].lines().last().unwrap().starts_with("= 02 "));
    // An interrupted exhibition: cut the records short, resume, and get the same games.
    for (b, text) in whole.iter().enumerate() {
        let cut: Vec<&str> = text.lines().take(9 + 4 * b).collect();
        std::fs::write(file(b as u8 + 1), cut.join("\n") + "\n").unwrap();
    }
    let resumed = exhibition(&ExhibitionOptions {
        resume: true,
        ..opts.clone()
    })
    .unwrap();
    assert!(resumed.mismatches.is_empty());
    assert_eq!(resumed.emulated_ns, full.emulated_ns);
    for b in 1..=2u8 {
        assert_eq!(
            std::fs::read_to_string(file(b)).unwrap(),
            whole[b as usize - 1]
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The period program on SILLIAC with its blocks translated into host code (the default on
/// x86-64 Linux) and interpreted: the same replies, orders, time, counts per code and store,
/// over three boards played to their ends.
#[test]
fn translated_and_interpreted_blocks_play_the_same_orders() {
    let play = |translated: bool| {
        let mut sil = SilDama::start(Setting::DEMO, 3).unwrap();
        sil.machine_mut().set_translation(translated);
        let mut texts = Vec::new();
        let mut pos = [Position::start(); 3];
        let mut replies = sil.run().unwrap();
        for _ in 0..12 {
            let mut moved = false;
            for r in &replies {
                texts.push(r.text.clone());
                if let Some((mv, ..)) = r.reply.as_move() {
                    let b = r.reply.board() as usize - 1;
                    pos[b] = pos[b].apply(mv);
                    if let Some(&m) = legal_moves(&pos[b]).as_slice().first() {
                        pos[b] = pos[b].apply(m);
                        sil.push(&move_frames(b as u8 + 1, m.from, m.to).unwrap());
                        moved = true;
                    }
                }
            }
            if !moved {
                break;
            }
            replies = sil.run().unwrap();
        }
        let m = sil.machine();
        (
            texts,
            m.orders(),
            m.clock_ns(),
            m.counts().to_vec(),
            m.store().words().to_vec(),
        )
    };
    let (translated, interpreted) = (play(true), play(false));
    assert!(translated.0.len() > 20, "{:?}", translated.0);
    assert_eq!(translated, interpreted);
}
