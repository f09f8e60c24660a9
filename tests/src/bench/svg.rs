//! A hand-rolled SVG bar chart: MB/s per payload (groups) per contender (bars), log scale.

use std::fmt::Write as _;

use super::contenders::{Kind, MAIN};
use super::report::Run;

const COLORS: [&str; 9] = [
    "#d62728", "#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#7f7f7f", "#17becf",
    "#bcbd22",
];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The chart of `run.main`.
pub fn chart(run: &Run) -> String {
    let kinds: Vec<Kind> = MAIN.to_vec();
    let groups = &run.main;
    let (left, right, top, bottom) = (70.0, 20.0, 60.0, 70.0);
    let bar = 16.0;
    let group_w = bar * kinds.len() as f64 + 26.0;
    let plot_w = group_w * groups.len().max(1) as f64;
    let plot_h = 360.0;
    let width = left + plot_w + right;
    let height = top + plot_h + bottom;
    // Log scale over whole decades covering every value.
    let values: Vec<f64> = groups
        .iter()
        .flat_map(|t| t.cells.iter().map(|c| c.mb_s))
        .filter(|v| *v > 0.0)
        .collect();
    let lo = values
        .iter()
        .copied()
        .fold(f64::INFINITY, f64::min)
        .max(1e-3);
    let hi = values.iter().copied().fold(0.0, f64::max).max(lo * 10.0);
    let (d0, d1) = (lo.log10().floor(), hi.log10().ceil());
    let y = |v: f64| top + plot_h - (v.log10() - d0) / (d1 - d0) * plot_h;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let title = format!(
        "tlgen bench: MB/s per payload (log scale){}; {}",
        if run.quick { " — quick run" } else { "" },
        run.machine
    );
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="20" font-size="14" font-weight="bold">{}</text>"#,
        esc(&title)
    );
    // Legend.
    for (i, k) in kinds.iter().enumerate() {
        let x = left + i as f64 * 150.0;
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="32" width="12" height="12" fill="{}"/><text x="{}" y="43">{}</text>"#,
            COLORS[i % COLORS.len()],
            x + 16.0,
            k.name()
        );
    }
    // Grid and axis labels.
    let mut d = d0;
    while d <= d1 + 1e-9 {
        let v = 10f64.powf(d);
        let yy = y(v);
        let label = if v >= 1000.0 {
            format!("{} GB/s", v / 1000.0)
        } else {
            format!("{v} MB/s")
        };
        let _ = writeln!(
            s,
            r##"<line x1="{left}" x2="{:.1}" y1="{yy:.1}" y2="{yy:.1}" stroke="#ccc"/><text x="{:.1}" y="{:.1}" text-anchor="end">{label}</text>"##,
            left + plot_w,
            left - 6.0,
            yy + 4.0
        );
        d += 1.0;
    }
    // Bars.
    for (g, t) in groups.iter().enumerate() {
        let gx = left + g as f64 * group_w + 13.0;
        for (i, k) in kinds.iter().enumerate() {
            let Some(c) = t.cells.iter().find(|c| c.kind == *k) else {
                continue;
            };
            if c.mb_s <= 0.0 {
                continue;
            }
            let x = gx + i as f64 * bar;
            let yy = y(c.mb_s);
            let _ = writeln!(
                s,
                r#"<rect x="{x:.1}" y="{yy:.1}" width="{:.1}" height="{:.1}" fill="{}"><title>{} / {}: {:.0} MB/s, {:.2}× pointer time</title></rect>"#,
                bar - 2.0,
                top + plot_h - yy,
                COLORS[i % COLORS.len()],
                t.payload,
                k.name(),
                c.mb_s,
                c.ratio.0
            );
        }
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            gx + bar * kinds.len() as f64 / 2.0,
            top + plot_h + 18.0 + if g % 2 == 1 { 16.0 } else { 0.0 },
            esc(t.payload)
        );
    }
    let _ = writeln!(
        s,
        r#"<line x1="{left}" x2="{left}" y1="{top}" y2="{:.1}" stroke="black"/>"#,
        top + plot_h
    );
    let _ = writeln!(s, "</svg>");
    s
}
