//! insta snapshots of the models parsed from small inline schemas, one per grammar feature.

use insta::assert_debug_snapshot;
use tl_parser::Schema;

fn parse(source: &str) -> Schema {
    tl_parser::parse(source)
        .unwrap_or_else(|e| panic!("{}", tl_parser::render_all(&e, "inline.tl", source)))
}

#[test]
fn namespaces_ids_flags_bare_and_boxed() {
    assert_debug_snapshot!(parse(
        "auth.sentCode#5e002502 flags:# type:auth.SentCodeType phone_code_hash:string \
         next_type:flags.1?auth.CodeType timeout:flags.2?int = auth.SentCode;\n\
         e2e.chain.groupState participants:vector<e2e.chain.GroupParticipant> ids:Vector<long> A:int signed_A:bytes = e2e.chain.GroupState;\n\
         msg flags:# flags2:# big:flags2.31?true = Message;\n"
    ));
}

#[test]
fn generics() {
    assert_debug_snapshot!(parse(
        "---functions---\n\
         invokeAfterMsg#cb9f372d {X:Type} msg_id:long query:!X = X;\n\
         msg_container#73f1f8dc messages:vector<%Message> = MessageContainer;\n\
         getList = Vector<vector<int>>;\n"
    ));
}

#[test]
fn builtins() {
    assert_debug_snapshot!(parse(
        "double ? = Double;\n\
         vector {t:Type} # [ t ] = Vector t;\n\
         int128 4*[ int ] = Int128;\n\
         int32 = Int32;\n\
         boolFalse#bc799737 = Bool;\n\
         ok = Ok;\n"
    ));
}

#[test]
fn multi_line_declarations_and_comments() {
    assert_debug_snapshot!(parse(
        "// a comment\n\
         //rpc_result#f35c6d01 req_msg_id:long result:string = RpcResult;\n\
         /* a block\n   comment = X; */\n\
         user#1\n    id:long // the id\n    name:string\n  = User;\n\
         e2e.nop = Bool; // trailing comment\n\
         --- functions ---\n\
         getUser id:long = User;\n\
         ---types---\n\
         chat id:long /* inline */ = Chat;\n"
    ));
}

#[test]
fn docs() {
    assert_debug_snapshot!(parse(
        "//@class Content @description Describes content\n\
         //-that spans two lines\n\
         \n\
         //@description A text @text The text; may be null @entities Entities of the text.\n\
         //-Entities can nest\n\
         //@param_description Description; MAY BE NULL\n\
         // an ordinary comment is ignored\n\
         contentText text:string entities:vector<textEntity> description:string = Content;\n\
         \n\
         //@description A photo @photo The photo @unknown_tag Not a parameter\n\
         contentPhoto photo:photo = Content;\n\
         \n\
         //@class Empty @description A class without constructors\n"
    ));
}

#[test]
fn display_of_definitions() {
    let schema = parse(
        "auth.sentCode#5e002502 flags:# type:auth.SentCodeType timeout:flags.2?int = auth.SentCode;\n\
         vector {t:Type} # [ t ] = Vector t;\n\
         ---functions---\n\
         invokeWithLayer#da9b0d0d {X:Type} layer:int query:!X = X;\n\
         msgs messages:vector<%Message> = Msgs;\n",
    );
    let printed: Vec<String> = schema.definitions.iter().map(ToString::to_string).collect();
    assert_debug_snapshot!(printed);
}
