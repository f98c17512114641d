//! The move-time plot: a hand-written SVG of the machine's period move times beside Findler's
//! band.

use super::ExhibitionReport;
use crate::times::TimeStats;

/// A hand-written SVG: the distribution of period move times (log scale) beside Findler's
/// 10-150 s band. A title, both axes with their units, the count over every bar and a legend
/// for the two things drawn (the bars, the band); each part in a `<g class=...>` of its own,
/// which the test reads.
pub fn plot_svg(report: &ExhibitionReport) -> String {
    let times: Vec<f64> = report
        .moves
        .iter()
        .map(|m| m.period_ns as f64 / 1e9)
        .collect();
    let (w, h, left, bottom, top) = (720.0, 390.0, 60.0, 300.0, 40.0);
    let (lo, hi) = (0.1f64.log10(), 1000.0f64.log10());
    let x = |s: f64| left + (s.clamp(0.1, 1000.0).log10() - lo) / (hi - lo) * (w - left - 20.0);
    let bins = 40usize;
    let mut counts = vec![0usize; bins];
    for &t in &times {
        let f = (t.max(0.1).log10() - lo) / (hi - lo);
        let i = ((f * bins as f64) as usize).min(bins - 1);
        counts[i] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let (bar_fill, band_fill) = ("#3b6ea5", "#f3e3b0");
    let title = format!(
        "SILLIAC dama, {} boards, setting {}: {} machine moves, period time per move (log scale)",
        report.boards,
        report.setting,
        times.len()
    );
    let mut s = String::new();
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<title>{title}</title>\n<text class=\"title\" x=\"{left}\" y=\"20\">{title}</text>\n"
    ));
    s.push_str(&format!(
        "<g class=\"band\"><rect x=\"{:.1}\" y=\"{top}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{band_fill}\"/><text x=\"{:.1}\" y=\"{}\">Findler: 10-150 s a move</text></g>\n",
        x(10.0),
        x(150.0) - x(10.0),
        bottom - top,
        x(10.0) + 4.0,
        top + 14.0
    ));
    let bw = (w - left - 20.0) / bins as f64;
    s.push_str("<g class=\"bars\">\n");
    for (i, &c) in counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let bh = c as f64 / most * (bottom - top - 20.0);
        s.push_str(&format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{bar_fill}\"><title>{c}</title></rect>\n",
            left + i as f64 * bw,
            bottom - bh,
            bw - 1.0,
            bh
        ));
        // The count over its bar, so the figure can be read without hovering.
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"9\" text-anchor=\"middle\">{c}</text>\n",
            left + (i as f64 + 0.5) * bw,
            bottom - bh - 2.0
        ));
    }
    s.push_str("</g>\n");
    // The y axis: machine moves a bin.
    s.push_str(&format!(
        "<g class=\"y-axis\">\n<line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{bottom}\" stroke=\"black\"/>\n"
    ));
    for k in [0.0, 0.5, 1.0] {
        let y = bottom - k * (bottom - top - 20.0);
        s.push_str(&format!(
            "<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{left}\" y2=\"{y:.1}\" stroke=\"black\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            left - 5.0,
            left - 8.0,
            y + 4.0,
            (k * most).round()
        ));
    }
    s.push_str(&format!(
        "<text class=\"label\" transform=\"translate(16,{:.1}) rotate(-90)\" text-anchor=\"middle\">machine moves (count a bin)</text>\n</g>\n",
        (top + bottom) / 2.0
    ));
    s.push_str(&format!(
        "<g class=\"x-axis\">\n<line x1=\"{left}\" y1=\"{bottom}\" x2=\"{}\" y2=\"{bottom}\" stroke=\"black\"/>\n",
        w - 20.0
    ));
    for t in [0.1, 1.0, 10.0, 100.0, 1000.0] {
        s.push_str(&format!(
            "<line x1=\"{0:.1}\" y1=\"{bottom}\" x2=\"{0:.1}\" y2=\"{1}\" stroke=\"black\"/><text x=\"{0:.1}\" y=\"{2}\" text-anchor=\"middle\">{t} s</text>\n",
            x(t),
            bottom + 5.0,
            bottom + 20.0
        ));
    }
    s.push_str(&format!(
        "<text class=\"label\" x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">period time per move, seconds (log scale)</text>\n</g>\n",
        (left + w - 20.0) / 2.0,
        bottom + 34.0
    ));
    if let Some(sp) = TimeStats::of(&report.move_times()) {
        s.push_str(&format!(
            "<text x=\"{left}\" y=\"{}\">min {:.1} s, median {:.1} s, max {:.1} s</text>\n",
            bottom + 52.0,
            sp.min,
            sp.median,
            sp.max
        ));
    }
    // The legend: a swatch and a name for each thing drawn.
    let ly = bottom + 76.0;
    s.push_str("<g class=\"legend\">\n");
    for (i, (fill, name)) in [
        (bar_fill, "SILLIAC's moves a bin (count over each bar)"),
        (band_fill, "Findler's reported 10-150 s a move"),
    ]
    .into_iter()
    .enumerate()
    {
        let lx = left + i as f64 * 340.0;
        s.push_str(&format!(
            "<g class=\"entry\"><rect x=\"{lx}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{fill}\" stroke=\"black\"/><text x=\"{:.1}\" y=\"{ly}\">{name}</text></g>\n",
            ly - 10.0,
            lx + 18.0
        ));
    }
    s.push_str("</g>\n</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::exhibition::MachineMove;
    use crate::search::{faithful, Setting};
    use crate::times::Phase;

    /// What every plot the project writes must have, read from the SVG as XML: a title, both
    /// axes each with a line and a label naming its unit, the count on every bar, and a legend
    /// entry (swatch and name) for every fill the plot draws; everything inside the picture.
    fn check_plot(svg: &str) -> Result<(), String> {
        let doc = roxmltree::Document::parse(svg).map_err(|e| format!("not XML: {e}"))?;
        let root = doc.root_element();
        if root.tag_name().name() != "svg" {
            return Err("root is not <svg>".into());
        }
        let size = |k| root.attribute(k).and_then(|v| v.parse::<f64>().ok());
        let (w, h) = (
            size("width").ok_or("no width")?,
            size("height").ok_or("no height")?,
        );
        let text = |n: roxmltree::Node| n.text().unwrap_or("").trim().to_string();
        let title = root
            .children()
            .find(|n| n.has_tag_name("title"))
            .map(text)
            .unwrap_or_default();
        if title.is_empty() {
            return Err("no <title>".into());
        }
        let group = |class: &str| {
            root.descendants()
                .find(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
                .ok_or(format!("no <g class=\"{class}\">"))
        };
        for (axis, unit) in [("x-axis", "seconds"), ("y-axis", "count")] {
            let g = group(axis)?;
            if !g.descendants().any(|n| n.has_tag_name("line")) {
                return Err(format!("{axis}: no line"));
            }
            let label = g
                .descendants()
                .find(|n| n.attribute("class") == Some("label"))
                .map(text)
                .ok_or(format!("{axis}: no label"))?;
            if !label.contains(unit) {
                return Err(format!("{axis}: label {label:?} names no unit ({unit})"));
            }
        }
        // Every bar carries its count, and the same count is written beside it.
        let bars = group("bars")?;
        let written: Vec<String> = bars
            .children()
            .filter(|n| n.has_tag_name("text"))
            .map(text)
            .collect();
        for bar in bars.children().filter(|n| n.has_tag_name("rect")) {
            let count = bar
                .children()
                .find(|n| n.has_tag_name("title"))
                .map(text)
                .ok_or("a bar without its count")?;
            count
                .parse::<u64>()
                .map_err(|_| format!("bar count {count:?}"))?;
            if !written.contains(&count) {
                return Err(format!("bar of {count}: the count is not written"));
            }
        }
        // A legend entry for every fill the plot uses outside the legend.
        let legend = group("legend")?;
        let named: Vec<(&str, String)> = legend
            .children()
            .filter(|n| n.attribute("class") == Some("entry"))
            .filter_map(|e| {
                let fill = e
                    .children()
                    .find(|n| n.has_tag_name("rect"))?
                    .attribute("fill")?;
                let name = e.children().find(|n| n.has_tag_name("text")).map(text)?;
                Some((fill, name))
            })
            .collect();
        for n in root.descendants().filter(|n| n.has_tag_name("rect")) {
            let fill = n.attribute("fill").unwrap_or("");
            if !named.iter().any(|(f, name)| *f == fill && !name.is_empty()) {
                return Err(format!("fill {fill} has no legend entry"));
            }
        }
        // Nothing drawn outside the picture (a broken scale shows here first).
        for n in root.descendants() {
            for (k, limit) in [
                ("x", w),
                ("y", h),
                ("x1", w),
                ("x2", w),
                ("y1", h),
                ("y2", h),
            ] {
                if let Some(v) = n.attribute(k).and_then(|v| v.parse::<f64>().ok()) {
                    if !(0.0..=limit).contains(&v) {
                        return Err(format!(
                            "<{}> {k}={v} outside 0..{limit}",
                            n.tag_name().name()
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    fn report_with_times(seconds: &[f64]) -> ExhibitionReport {
        let moves = seconds
            .iter()
            .enumerate()
            .map(|(i, &t)| MachineMove {
                board: 1,
                half_move: i,
                position: Position::start().to_string(),
                mv: faithful(&Position::start(), Setting::DEMO).mv.unwrap(),
                value: 0,
                positions: 1,
                phase: Phase::Opening,
                period_ns: (t * 1e9) as u64,
            })
            .collect();
        ExhibitionReport {
            boards: 2,
            setting: "a3+b3".into(),
            moves,
            ..ExhibitionReport::default()
        }
    }

    /// The move-time plot, for a typical set of times, none, and times beyond both ends of
    /// the scale, has everything a reader needs (`check_plot`).
    #[test]
    fn the_move_time_plot_is_complete() {
        for times in [
            &[12.0, 14.5, 30.0, 31.0, 95.0, 0.4, 2.0][..],
            &[][..],
            &[0.0, 0.001, 5000.0, 1e6][..],
        ] {
            let svg = plot_svg(&report_with_times(times));
            if let Err(e) = check_plot(&svg) {
                panic!("{times:?}: {e}\n{svg}");
            }
            assert!(svg.contains(&format!("{} machine moves", times.len())));
        }
    }

    /// The check itself refuses a plot that lost its parts.
    #[test]
    fn the_plot_check_refuses_broken_plots() {
        let svg = plot_svg(&report_with_times(&[12.0, 40.0]));
        let title = svg.lines().find(|l| l.starts_with("<title>")).unwrap();
        for (from, to) in [
            (title, ""),
            ("machine moves (count a bin)", "machine moves"),
            ("seconds (log scale)", "(log scale)"),
            ("<g class=\"legend\">", "<g class=\"key\">"),
            ("<title>1</title>", ""),
            ("</svg>", ""),
        ] {
            assert!(svg.contains(from), "{from}");
            let broken = svg.replacen(from, to, 1);
            assert!(check_plot(&broken).is_err(), "accepted without {from}");
        }
    }
}
