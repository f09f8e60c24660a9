//! Integers (`int32`, `int53`, `int64` from numbers and strings) and doubles.

use super::*;

// ---------------------------------------------------------------------------------------------
// Integers

#[test]
fn int32_limits_from_numbers_and_strings() {
    table(
        "int32",
        &[
            ("0", Some(0)),
            ("\"0\"", Some(0)),
            ("-1", Some(-1)),
            ("\"-1\"", Some(-1)),
            ("42", Some(42)),
            ("\"42\"", Some(42)),
            ("2147483647", Some(i32::MAX)),
            ("\"2147483647\"", Some(i32::MAX)),
            ("2147483646", Some(i32::MAX - 1)),
            ("-2147483648", Some(i32::MIN)),
            ("\"-2147483648\"", Some(i32::MIN)),
            ("-2147483647", Some(i32::MIN + 1)),
            ("2147483648", None),
            ("\"2147483648\"", None),
            ("-2147483649", None),
            ("\"-2147483649\"", None),
            ("4294967296", None),
            ("9223372036854775807", None),
            ("99999999999999999999999", None),
            ("\"99999999999999999999999\"", None),
        ],
        int32,
    );
}

#[test]
fn int64_from_strings_and_numbers() {
    table(
        "int64",
        &[
            ("\"0\"", Some(0)),
            ("0", Some(0)),
            ("\"1258816259751983\"", Some(1_258_816_259_751_983)),
            ("1258816259751983", Some(1_258_816_259_751_983)),
            ("\"-5\"", Some(-5)),
            ("\"9223372036854775807\"", Some(i64::MAX)),
            ("9223372036854775807", Some(i64::MAX)),
            ("\"9223372036854775806\"", Some(i64::MAX - 1)),
            ("\"-9223372036854775808\"", Some(i64::MIN)),
            ("-9223372036854775808", Some(i64::MIN)),
            ("\"-9223372036854775807\"", Some(i64::MIN + 1)),
            // Above 2^53: exact, no detour through f64.
            ("\"9007199254740993\"", Some(9_007_199_254_740_993)),
            ("9007199254740993", Some(9_007_199_254_740_993)),
            ("\"9223372036854775808\"", None),
            ("9223372036854775808", None),
            ("\"-9223372036854775809\"", None),
            ("-9223372036854775809", None),
            ("\"18446744073709551616\"", None),
            ("18446744073709551615", None),
        ],
        int64,
    );
    table(
        "vector<int64> element",
        &[
            ("\"-7\"", Some(-7)),
            ("7", Some(7)),
            ("\"9223372036854775807\"", Some(i64::MAX)),
            ("\"9223372036854775808\"", None),
        ],
        int64_element,
    );
}

#[test]
fn int53_from_numbers_and_strings() {
    table(
        "int53",
        &[
            ("5129286886", Some(5_129_286_886)),
            ("\"5129286886\"", Some(5_129_286_886)),
            ("-1001234567890", Some(-1_001_234_567_890)),
            ("\"-1001234567890\"", Some(-1_001_234_567_890)),
            ("9007199254740992", Some(1 << 53)),
            ("9007199254740993", Some(9_007_199_254_740_993)),
            ("-9007199254740993", Some(-9_007_199_254_740_993)),
            ("9223372036854775807", Some(i64::MAX)),
            ("9223372036854775808", None),
            ("\"9223372036854775808\"", None),
        ],
        int53,
    );
    table(
        "vector<int53> element",
        &[
            ("2", Some(2)),
            ("\"2\"", Some(2)),
            ("-4294967296", Some(-4_294_967_296)),
            ("9223372036854775808", None),
        ],
        int53_element,
    );
}

/// TDLib's `to_integer_safe`: the text must print back identically.
const BAD_INTEGERS: &[&str] = &[
    "\"-0\"",
    "\"01\"",
    "\"00\"",
    "\"+1\"",
    "\"1.0\"",
    "\"1e3\"",
    "\"\"",
    "\" 1\"",
    "\"1 \"",
    "\"0x10\"",
    "\"--1\"",
    "\"-\"",
    "\"abc\"",
    "\"1a\"",
    "1e3",
    "1E3",
    "1e0",
    "1.0",
    "1.5",
    "-0",
    "-0.0",
    "0.0",
    "01",
    "+1",
    "true",
    "false",
    "[1]",
    "{}",
    "{\"@type\":\"testInt\",\"value\":1}",
];

#[test]
fn bad_integer_forms_are_rejected() {
    let cases: Vec<(&str, Option<i64>)> = BAD_INTEGERS.iter().map(|&s| (s, None)).collect();
    let as_i64 = |f: fn(&str) -> Option<i32>| move |s: &str| f(s).map(i64::from);
    table("int32", &cases, as_i64(int32));
    table("int64", &cases, int64);
    table("int53", &cases, int53);
    table("vector<int53> element", &cases, int53_element);
    table("vector<int64> element", &cases, int64_element);
}

// ---------------------------------------------------------------------------------------------
// Doubles

#[test]
fn doubles_as_tdlib_writes_them() {
    let fixed_1e300 = format!("{:.6}", 1e300_f64);
    assert_eq!(
        fixed_1e300.find('.'),
        Some(301),
        "301 digits before the point"
    );
    let ten_to_300 = format!("1{}.000000", "0".repeat(300));
    let max = format!("{:.6}", f64::MAX);
    let min = format!("{:.6}", f64::MIN);
    table(
        "double",
        &[
            // 3.14159 (written as a quotient: the literal trips clippy's approx_constant).
            ("3.141590", Some(314_159.0 / 100_000.0)),
            ("0.625000", Some(0.625)),
            ("1.000000", Some(1.0)),
            ("-2.500000", Some(-2.5)),
            ("0.000000", Some(0.0)),
            ("123456789.123457", Some(123_456_789.123_457)),
            ("55.755831", Some(55.755831)),
            ("-37.617673", Some(-37.617673)),
            (fixed_1e300.as_str(), Some(1e300)),
            (ten_to_300.as_str(), Some(1e300)),
            (max.as_str(), Some(f64::MAX)),
            (min.as_str(), Some(f64::MIN)),
            // Integers and exponents are valid JSON numbers for a double.
            ("5", Some(5.0)),
            ("-7", Some(-7.0)),
            ("1e300", Some(1e300)),
            ("1E-7", Some(1e-7)),
            ("5e-324", Some(5e-324)),
            // Correct rounding, not "close enough".
            ("0.1", Some(0.1)),
            ("0.30000000000000004", Some(0.300_000_000_000_000_04)),
            ("9007199254740993", Some(9_007_199_254_740_992.0)),
            ("9007199254740993.000001", Some(9_007_199_254_740_994.0)),
            ("9007199254740995", Some(9_007_199_254_740_996.0)),
            (
                "1.00000000000000011102230246251565404236316680908203125",
                Some(1.0),
            ),
            (
                "1.00000000000000011102230246251565404236316680908203126",
                Some(1.0 + f64::EPSILON),
            ),
            ("2.4703282292062328e-324", Some(5e-324)),
            ("2.4703282292062327e-324", Some(0.0)),
            ("null", Some(0.0)),
            // Not JSON numbers.
            ("nan", None),
            ("inf", None),
            ("-inf", None),
            (".5", None),
            ("5.", None),
            ("1e", None),
            ("\"\"", None),
            ("true", None),
            ("[1.0]", None),
        ],
        double,
    );
}

#[test]
fn negative_zero_keeps_its_sign() {
    accept_with(
        r#"{"@type":"location","latitude":-0.000000,"longitude":0.000000,"horizontal_accuracy":-0.0}"#,
        |r| {
            let l = location(r);
            assert_eq!(l.latitude, 0.0);
            assert!(l.latitude.is_sign_negative(), "-0.000000 is -0.0");
            assert!(l.longitude.is_sign_positive());
            assert!(l.horizontal_accuracy.is_sign_negative());
        },
    );
}

#[test]
fn double_edge_forms_are_rejected() {
    // TDLib's own reader takes doubles from numbers only, and an overflowing literal is no
    // double at all.
    table(
        "double",
        &[("1e400", None), ("-1e400", None), ("\"1.5\"", None)],
        double,
    );
    // Underflow is zero, not an error (serde_json's rule, followed by the pointer parser).
    table("double", &[("1e-999999999", Some(0.0))], double);
}

#[test]
fn double_vector_and_json_value_number() {
    let r = accept(
        r#"{"@type":"closedVectorPath","commands":[{"@type":"vectorPathCommandLine","end_point":{"@type":"point","x":1.500000,"y":-0.000000}},{"@type":"vectorPathCommandCubicBezierCurve","start_control_point":{"@type":"point","x":0.1,"y":2},"end_control_point":{"@type":"point","x":3.000000,"y":4.000000},"end_point":{"@type":"point","x":5e1,"y":6.25}}]}"#,
    );
    let Object::ClosedVectorPath(path) = &r.object else {
        panic!("expected closedVectorPath, got {}", r.object.type_name())
    };
    assert_eq!(path.commands.len(), 2);
    let enums::VectorPathCommand::Line(line) = &path.commands[0] else {
        panic!("expected vectorPathCommandLine: {:?}", path.commands[0])
    };
    assert_eq!((line.end_point.x, line.end_point.y), (1.5, 0.0));
    assert!(line.end_point.y.is_sign_negative());
    let enums::VectorPathCommand::CubicBezierCurve(curve) = &path.commands[1] else {
        panic!(
            "expected vectorPathCommandCubicBezierCurve: {:?}",
            path.commands[1]
        )
    };
    assert_eq!(
        (
            curve.start_control_point.x,
            curve.start_control_point.y,
            curve.end_control_point.x,
            curve.end_control_point.y,
            curve.end_point.x,
            curve.end_point.y
        ),
        (0.1, 2.0, 3.0, 4.0, 50.0, 6.25)
    );

    let r = accept(r#"{"@type":"jsonValueNumber","value":-12345.678900}"#);
    let enums::JsonValue::Number(n) = json_value(&r) else {
        panic!("expected jsonValueNumber")
    };
    assert_eq!(n.value, -12345.6789);
}
