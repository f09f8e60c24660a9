//! Realistic text for synthetic strings: words in several scripts (Latin with and without
//! accents, Cyrillic, Greek, Arabic, Hebrew, Devanagari, CJK, Korean), emoji from the Basic
//! Multilingual Plane and beyond it (surrogate pairs on the wire), ZWJ sequences, skin tones,
//! flags and keycaps, plus the punctuation TDLib escapes (`"`, `\`, newlines, tabs).
//!
//! Roughly half of all generated texts are pure ASCII, so that both the escape-free (borrowed)
//! and the escaped (decoded) paths of the parsers are exercised in realistic proportion.

use super::rng::Rng;

const ASCII_WORDS: &[&str] = &[
    "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "hello", "world", "meeting",
    "tomorrow", "at", "lunch", "see", "you", "thanks", "ok", "sure", "photo", "link", "check",
    "this", "out", "Telegram", "TDLib", "message", "update", "channel", "group", "call", "me",
    "later", "new", "version", "released", "please", "review", "the", "draft", "before", "Friday",
    "I", "think", "we", "should", "ship", "it", "sounds", "good", "what", "about", "price", "is",
    "$42", "100%", "done", "#release", "@alice", "v1.8.65", "ETA", "2pm",
];

const ACCENTED_WORDS: &[&str] = &[
    "café",
    "naïve",
    "Größe",
    "mañana",
    "élève",
    "Straße",
    "crème",
    "brûlée",
    "façade",
    "smörgåsbord",
    "jalapeño",
    "São",
    "Paulo",
    "Zürich",
    "Kraków",
    "Dvořák",
    "Ærø",
    "œuvre",
];

const CYRILLIC_WORDS: &[&str] = &[
    "привет",
    "как",
    "дела",
    "сегодня",
    "встреча",
    "завтра",
    "спасибо",
    "хорошо",
    "сообщение",
    "фото",
    "Москва",
    "да",
    "нет",
    "канал",
    "новости",
    "обновление",
    "Київ",
    "дякую",
    "ёлка",
];

const GREEK_WORDS: &[&str] = &["Καλημέρα", "ευχαριστώ", "Αθήνα", "μήνυμα", "ναι", "όχι"];

const ARABIC_WORDS: &[&str] = &[
    "مرحبا",
    "كيف",
    "حالك",
    "اليوم",
    "شكرا",
    "صباح",
    "الخير",
    "رسالة",
    "صورة",
    "نعم",
    "القاهرة",
];

const HEBREW_WORDS: &[&str] = &["שלום", "תודה", "היום", "הודעה", "כן", "ירושלים"];

const DEVANAGARI_WORDS: &[&str] = &["नमस्ते", "धन्यवाद", "आज", "संदेश", "हाँ", "दिल्ली"];

const CJK_WORDS: &[&str] = &[
    "你好",
    "今天",
    "明天",
    "见面",
    "谢谢",
    "消息",
    "图片",
    "こんにちは",
    "ありがとう",
    "今日は",
    "東京",
    "頻道",
    "更新",
    "안녕하세요",
    "감사합니다",
    "서울",
    "𠮷野家",
    "𩸽",
];

/// Emoji: BMP symbols (one UTF-16 unit, with or without VS16), astral ones (surrogate pairs),
/// skin-tone modifiers, ZWJ sequences, flags (regional indicator pairs), keycaps.
pub const EMOJI: &[&str] = &[
    "☀",
    "☀️",
    "❤️",
    "✅",
    "✨",
    "☕",
    "⚡",
    "😀",
    "😂",
    "👍",
    "🔥",
    "🎉",
    "🙏",
    "😊",
    "🚀",
    "🤖",
    "🥳",
    "👍🏽",
    "👋🏿",
    "👨‍👩‍👧‍👦",
    "🏳️‍🌈",
    "👩🏻‍💻",
    "🧑‍🤝‍🧑",
    "😶‍🌫️",
    "❤️‍🔥",
    "🇺🇸",
    "🇩🇪",
    "🇯🇵",
    "🇺🇦",
    "1️⃣",
    "#️⃣",
    "🫠",
    "🪿",
];

const PUNCTUATION: &[&str] = &[",", ".", "!", "?", ":", ";", " -", "…", "..."];

/// Which words a text is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    /// Pure ASCII (no escapes beyond quotes, backslashes, newlines).
    Ascii,
    Accented,
    Cyrillic,
    Greek,
    Arabic,
    Hebrew,
    Devanagari,
    Cjk,
    /// Words of several scripts and emoji.
    Mixed,
}

impl Script {
    /// ASCII half the time, else one of the others.
    pub fn random(rng: &mut Rng) -> Script {
        if rng.percent(50) {
            return Script::Ascii;
        }
        rng.pick(&[
            Script::Accented,
            Script::Cyrillic,
            Script::Cyrillic,
            Script::Greek,
            Script::Arabic,
            Script::Arabic,
            Script::Hebrew,
            Script::Devanagari,
            Script::Cjk,
            Script::Cjk,
            Script::Mixed,
            Script::Mixed,
        ])
    }

    fn words(self) -> &'static [&'static str] {
        match self {
            Script::Ascii | Script::Mixed => ASCII_WORDS,
            Script::Accented => ACCENTED_WORDS,
            Script::Cyrillic => CYRILLIC_WORDS,
            Script::Greek => GREEK_WORDS,
            Script::Arabic => ARABIC_WORDS,
            Script::Hebrew => HEBREW_WORDS,
            Script::Devanagari => DEVANAGARI_WORDS,
            Script::Cjk => CJK_WORDS,
        }
    }
}

/// How long a text is, in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Length {
    /// 1–3 words (names, titles).
    Short,
    /// 1–20 words.
    Medium,
    /// 20–150 words with line breaks (message texts, descriptions).
    Long,
}

/// A text of `length` in `script`.
pub fn text(rng: &mut Rng, script: Script, length: Length) -> String {
    let words = match length {
        Length::Short => rng.size(1, 3),
        Length::Medium => rng.size(1, 20),
        Length::Long => rng.size(20, 150),
    };
    let ascii = script == Script::Ascii;
    let mut out = String::new();
    for i in 0..words {
        if i > 0 {
            if length == Length::Long && rng.percent(4) {
                out.push_str(if rng.percent(30) { "\n\n" } else { "\n" });
            } else {
                out.push(' ');
            }
        }
        let pool = if script == Script::Mixed {
            rng.pick(&[
                ASCII_WORDS,
                ACCENTED_WORDS,
                CYRILLIC_WORDS,
                ARABIC_WORDS,
                CJK_WORDS,
                GREEK_WORDS,
            ])
        } else {
            script.words()
        };
        match rng.below(100) {
            0..=3 if !ascii => out.push_str(rng.pick(EMOJI)),
            4 if length != Length::Short => {
                out.push('"');
                out.push_str(rng.pick(pool));
                out.push('"');
            }
            5 if length == Length::Long => out.push_str(rng.pick(&[
                "C:\\Users\\me",
                "a\\b",
                "https://t.me/tdlib/42",
                "x/y",
                "\t-",
                "1/2",
            ])),
            _ => out.push_str(rng.pick(pool)),
        }
        if length != Length::Short && rng.percent(12) {
            out.push_str(rng.pick(PUNCTUATION));
        }
    }
    if length == Length::Long && !ascii && rng.percent(30) {
        out.push(' ');
        out.push_str(rng.pick(EMOJI));
    }
    out
}

/// An ASCII token of `lo..=hi` characters from `alphabet`.
pub fn token(rng: &mut Rng, alphabet: &[u8], lo: usize, hi: usize) -> String {
    let n = rng.size(lo, hi);
    (0..n).map(|_| rng.pick(alphabet) as char).collect()
}

/// Letters and digits.
pub const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/// base64url alphabet (file ids, hashes).
pub const B64URL: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_";
