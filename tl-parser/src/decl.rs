//! nom parsers for one TL declaration and its parts: names, `#id`, `{X:Type}`, parameters,
//! types, and the whitespace/comments ("trivia") between them.

use nom::Parser;
use nom::bytes::complete::{take_until, take_while};
use nom::character::complete::{char, digit1, hex_digit1, satisfy};
use nom::combinator::{opt, recognize};
use nom::sequence::pair;

use crate::id::infer_id;
use crate::model::{Category, Definition, Flag, Parameter, ParameterType, Type, TypeParam};
use crate::position::LineIndex;
use crate::syntax_error::{PResult, SyntaxError};

/// Generic arguments nest at most this deep (`Vector<Vector<...>>`), so hostile input cannot
/// overflow the stack.
const MAX_TYPE_DEPTH: usize = 32;

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whitespace, `// line` comments and `/* block */` comments.
pub(crate) fn trivia(input: &str) -> PResult<'_, ()> {
    let mut i = input;
    loop {
        let (rest, _) = take_while(char::is_whitespace).parse(i)?;
        i = rest;
        if let Some(comment) = i.strip_prefix("//") {
            let (rest, _) = take_while(|c| c != '\n').parse(comment)?;
            i = rest;
        } else if let Some(comment) = i.strip_prefix("/*") {
            match take_until::<_, _, SyntaxError<'_>>("*/").parse(comment) {
                Ok((rest, _)) => i = rest.get(2..).unwrap_or(""),
                Err(_) => {
                    return SyntaxError::message(i, "unterminated block comment `/*`", 2).fail();
                }
            }
        } else {
            return Ok((i, ()));
        }
    }
}

/// `[A-Za-z_][A-Za-z0-9_]*`.
pub(crate) fn ident(input: &str) -> PResult<'_, &str> {
    recognize(pair(satisfy(is_ident_start), take_while(is_ident_char))).parse(input)
}

/// `a.b.name` as (`["a", "b"]`, `"name"`). A plain nom error when no identifier starts here.
pub(crate) fn full_name(input: &str) -> PResult<'_, (Vec<String>, String)> {
    let (mut i, first) = ident(input)?;
    let mut parts = vec![first.to_owned()];
    while let Some(after_dot) = i.strip_prefix('.') {
        match ident(after_dot) {
            Ok((rest, part)) => {
                parts.push(part.to_owned());
                i = rest;
            }
            Err(_) => return SyntaxError::expected(after_dot, "an identifier after `.`").fail(),
        }
    }
    let name = parts.pop().unwrap_or_default();
    Ok((i, (parts, name)))
}

/// A type reference: `int`, `ns.Name`, `Vector<T>`, `!X`, `%T`, or a parenthesised type
/// expression, `(vector T)` (see [`parenthesised`]). Fails hard if none is here.
pub(crate) fn ty(input: &str) -> PResult<'_, Type> {
    ty_nested(input, 0)
}

fn ty_nested(input: &str, depth: usize) -> PResult<'_, Type> {
    if depth > MAX_TYPE_DEPTH {
        return SyntaxError::message(input, "generic arguments nest too deeply", 1).fail();
    }
    if let Some(inner) = input.strip_prefix('(') {
        return parenthesised(inner, depth);
    }
    let (i, prefix) = opt(satisfy(|c| c == '!' || c == '%')).parse(input)?;
    let (i, (namespace, name)) = match full_name(i) {
        Ok(parsed) => parsed,
        Err(nom::Err::Error(_)) => return SyntaxError::expected(i, "a type").fail(),
        Err(e) => return Err(e),
    };
    let bare = prefix == Some('%') || !name.starts_with(|c: char| c.is_ascii_uppercase());
    let mut ty = Type {
        namespace,
        name,
        bare,
        generic_ref: prefix == Some('!'),
        generic_arg: None,
    };
    let mut i = i;
    if let Some(inner) = i.strip_prefix('<') {
        let (rest, arg) = ty_nested(inner, depth + 1)?;
        let Some(rest) = rest.strip_prefix('>') else {
            return SyntaxError::expected(rest, "`>` closing the generic argument").fail();
        };
        ty.generic_arg = Some(Box::new(arg));
        i = rest;
    }
    Ok((i, ty))
}

/// A parenthesised type expression, after its `(`: a type, optionally applied by juxtaposition
/// to one argument, then `)`. `(vector int256)` is the type `vector<int256>`, arguments nest
/// (`(vector (vector int32))`), and `(T)` is `T`. Whitespace and comments may stand between
/// the parts. The model has no memory of the form: it prints back as `vector<int256>`.
fn parenthesised(input: &str, depth: usize) -> PResult<'_, Type> {
    let (i, ()) = trivia(input)?;
    let (i, mut head) = ty_nested(i, depth + 1)?;
    let (mut i, ()) = trivia(i)?;
    if !i.starts_with(')') {
        if head.generic_arg.is_some() || head.generic_ref {
            return SyntaxError::expected(i, "`)`: this type takes no argument").fail();
        }
        let (rest, arg) = ty_nested(i, depth + 1)?;
        head.generic_arg = Some(Box::new(arg));
        (i, ()) = trivia(rest)?;
    }
    match i.strip_prefix(')') {
        Some(rest) => Ok((rest, head)),
        None if starts_type(i) => {
            SyntaxError::expected(i, "`)`: a type here takes at most one argument").fail()
        }
        None => SyntaxError::expected(i, "`)` closing the parenthesised type").fail(),
    }
}

/// Whether a type may start at `input`.
fn starts_type(input: &str) -> bool {
    input.starts_with(|c: char| is_ident_start(c) || matches!(c, '%' | '!' | '('))
}

/// The type of a parameter: `#`, `T` or `flags.N?T`.
pub(crate) fn parameter_type(input: &str) -> PResult<'_, ParameterType> {
    if let Some(rest) = input.strip_prefix('#') {
        return Ok((rest, ParameterType::Flags));
    }
    let token_end = input
        .find(|c: char| c.is_whitespace() || c == '=' || c == ';')
        .unwrap_or(input.len());
    let token = input.get(..token_end).unwrap_or("");
    // `flags.3?T`, or something meant as one (`flags.3T`: a namespace cannot start with a digit).
    let has_flag = token.contains('?')
        || ident(token).is_ok_and(|(rest, _)| {
            rest.strip_prefix('.')
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        });
    let (i, flag) = if has_flag {
        let (i, flag) = flag(input)?;
        (i, Some(flag))
    } else {
        (input, None)
    };
    let (i, ty) = ty(i)?;
    Ok((i, ParameterType::Normal { ty, flag }))
}

/// `flags.3?` (the `?` included).
fn flag(input: &str) -> PResult<'_, Flag> {
    let Ok((i, name)) = ident(input) else {
        return SyntaxError::expected(input, "a flag field name").fail();
    };
    let Some(i) = i.strip_prefix('.') else {
        return SyntaxError::expected(i, "`.` and a bit index after the flag field name").fail();
    };
    let Ok((rest, digits)) = digit1::<_, SyntaxError<'_>>(i) else {
        return SyntaxError::expected(i, "a flag bit index (a number)").fail();
    };
    let Ok(index) = digits.parse::<u32>() else {
        return SyntaxError::message(i, "flag bit index is too large", digits.len()).fail();
    };
    let Some(rest) = rest.strip_prefix('?') else {
        return SyntaxError::expected(rest, "`?` after the flag bit index").fail();
    };
    Ok((
        rest,
        Flag {
            name: name.to_owned(),
            index,
        },
    ))
}

/// Whether `input` starts where a token may end: whitespace, `=`, `;`, a comment or the end.
fn at_delimiter(input: &str) -> bool {
    match input.chars().next() {
        None => true,
        Some(c) if c.is_whitespace() || c == '=' || c == ';' => true,
        Some('/') => input.starts_with("//") || input.starts_with("/*"),
        Some(_) => false,
    }
}

fn expect_delimiter<'a>(input: &'a str, after: &str) -> PResult<'a, ()> {
    if at_delimiter(input) {
        Ok((input, ()))
    } else {
        SyntaxError::expected(input, format!("whitespace or `=` after {after}")).fail()
    }
}

/// `name:type` (no whitespace inside).
pub(crate) fn parameter<'a>(index: &LineIndex<'_>, input: &'a str) -> PResult<'a, Parameter> {
    let Ok((i, name)) = ident(input) else {
        return SyntaxError::expected(input, "a parameter or `=`").fail();
    };
    let Some(i) = i.strip_prefix(':') else {
        return SyntaxError::expected(i, "`:` after the parameter name").fail();
    };
    let (i, ty) = parameter_type(i)?;
    let (i, ()) = expect_delimiter(i, "the parameter")?;
    let param = Parameter {
        name: name.to_owned(),
        ty,
        doc: None,
        may_be_null: false,
        span: index.span_of_rest(input),
    };
    Ok((i, param))
}

/// `{X:Type}`.
fn type_param(input: &str) -> PResult<'_, TypeParam> {
    let (i, _) = char('{').parse(input)?;
    let (i, ()) = trivia(i)?;
    let Ok((i, name)) = ident(i) else {
        return SyntaxError::expected(i, "a type parameter name").fail();
    };
    let (i, ()) = trivia(i)?;
    let Some(i) = i.strip_prefix(':') else {
        return SyntaxError::expected(i, "`:` after the type parameter name").fail();
    };
    let (i, ()) = trivia(i)?;
    let (i, ty) = ty(i)?;
    let (i, ()) = trivia(i)?;
    let Some(i) = i.strip_prefix('}') else {
        return SyntaxError::expected(i, "`}` closing the type parameter").fail();
    };
    let name = name.to_owned();
    Ok((i, TypeParam { name, ty }))
}

/// `#1cb5c415` after a name: the id, or `None` when there is no `#`.
fn explicit_id(input: &str) -> PResult<'_, Option<u32>> {
    let Some(i) = input.strip_prefix('#') else {
        return Ok((input, None));
    };
    let Ok((rest, hex)) = hex_digit1::<_, SyntaxError<'_>>(i) else {
        return SyntaxError::expected(i, "a hexadecimal constructor id after `#`").fail();
    };
    if hex.len() > 8 {
        let message = format!("constructor id `#{hex}` has more than 8 hex digits");
        return SyntaxError::message(i, message, hex.len()).fail();
    }
    if let Some(c) = rest.chars().next().filter(|c| is_ident_char(*c)) {
        let message = format!("invalid hex digit `{c}` in constructor id");
        return SyntaxError::message(rest, message, 1).fail();
    }
    let id = u32::from_str_radix(hex, 16).unwrap_or_default();
    Ok((rest, Some(id)))
}

/// The text between the name and `=` of a builtin declaration (`?`, `{t:Type} # [ t ]`,
/// `4*[ int ]`), if the declaration at `input` is one.
fn builtin_text(input: &str) -> Option<(&str, &str)> {
    let end = input.find(['=', ';'])?;
    let (region, rest) = input.split_at(end);
    let builtin = rest.starts_with('=')
        && !region.contains("//")
        && !region.contains("/*")
        && region
            .split_whitespace()
            .any(|t| t == "?" || t == "#" || t.contains(['[', ']']));
    builtin.then(|| (region.trim_end(), rest))
}

/// One declaration, `;` included: `ns.name#id {X:Type} a:int flags:# b:flags.3?T = ns.R;`.
/// Spans are computed with `index`, whose source `input` must be a suffix of.
pub(crate) fn declaration<'a>(
    index: &LineIndex<'_>,
    input: &'a str,
    category: Category,
) -> PResult<'a, Definition> {
    let (i, (namespace, name)) = match full_name(input) {
        Ok(parsed) => parsed,
        Err(nom::Err::Error(_)) => {
            return SyntaxError::expected(input, "a declaration name").fail();
        }
        Err(e) => return Err(e),
    };
    let (i, id) = explicit_id(i)?;
    let (i, ()) = expect_delimiter(i, "the declaration name")?;
    let (mut i, ()) = trivia(i)?;

    let mut type_params = Vec::new();
    let mut params = Vec::new();
    let builtin = match builtin_text(i) {
        Some((text, rest)) => {
            i = rest;
            Some(text.to_owned())
        }
        None => {
            while i.starts_with('{') {
                let (rest, type_param) = type_param(i)?;
                type_params.push(type_param);
                (i, ()) = trivia(rest)?;
            }
            while !i.starts_with('=') {
                let (rest, param) = parameter(index, i)?;
                params.push(param);
                (i, ()) = trivia(rest)?;
            }
            None
        }
    };
    let i = i.get(1..).unwrap_or(""); // the `=`
    let (i, ()) = trivia(i)?;
    let (mut i, mut result) = ty(i)?;
    if builtin.is_some() && result.generic_arg.is_none() {
        // `= Vector t`: a generic argument after a space.
        let (rest, ()) = trivia(i)?;
        if starts_type(rest) {
            let (rest, arg) = ty(rest)?;
            result.generic_arg = Some(Box::new(arg));
            i = rest;
        }
    }
    let (rest, ()) = trivia(i)?;
    let Some(rest) = rest.strip_prefix(';') else {
        let found = crate::syntax_error::found(rest);
        let message = format!("expected `;` after the result type, found {found}");
        return SyntaxError::message(i, message, 1).fail();
    };
    let mut definition = Definition {
        namespace,
        name,
        id: id.unwrap_or_default(),
        explicit_id: id.is_some(),
        type_params,
        params,
        ty: result,
        category,
        builtin,
        description: None,
        doc_tags: Vec::new(),
        span: index.span_of_rest(input),
    };
    if id.is_none() {
        definition.id = infer_id(&definition);
    }
    Ok((rest, definition))
}
