import Foundation
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The request editor's form on its own: moving between fields, applying, the secret's form.
@Suite struct PromptTests {
    static func header() -> Prompt {
        Prompt(
            purpose: .addItem(.header), title: "Add a header", labels: ["Name", "Value"],
            fields: [TextField(), TextField()])
    }

    static func secret() -> Prompt {
        Prompt(
            purpose: .secret(name: "TOKEN", resend: .some("users/get-user"), keep: true), title: "Secret TOKEN",
            labels: ["Value"], fields: [TextField()])
    }

    @Test func tabMovesToTheNextFieldAndEnterAppliesTheForm() {
        var form = Self.header()
        let context = Fixtures.context(nil)
        for key in typing(" X-Trace ") + [.tab] + typing(" abc") { _ = form.handle(key, context) }
        #expect(form.focus == 1)
        let reply = form.handle(.enter, context)
        #expect(reply?.effects == [.apply(.setItem(.header, replacing: nil, name: "X-Trace", value: " abc"))])
        #expect(!form.isOpen && reply?.event == nil)
    }

    @Test func escDropsTheFormAndTheEditorClosesIt() {
        var editor = RequestEditor()
        editor.prompt = Self.header()
        let reply = editor.promptKey(.escape, Fixtures.context(nil))
        #expect(editor.prompt == nil && reply.effects.isEmpty)
    }

    @Test func aSecretsTabChoosesWhereItGoesAndEnterAsksForTheResend() {
        var form = Self.secret()
        let context = Fixtures.context(nil)
        for key in typing("s3 cr") + [.tab] { _ = form.handle(key, context) }
        #expect(form.purpose == .secret(name: "TOKEN", resend: .some("users/get-user"), keep: false))
        let reply = form.handle(.enter, context)
        #expect(reply?.effects == [.run(.set(.sessionSecret, name: "TOKEN", value: "s3 cr"))])
        guard case .secretEntered(let resend)? = reply?.event else {
            Issue.record("a secret's form asks for the send to run again")
            return
        }
        #expect(resend == .some("users/get-user"))
    }

    @Test func aSecretIsDrawnAsDots() {
        var form = Self.secret()
        for key in typing("abc") { _ = form.handle(key, Fixtures.context(nil)) }
        var buffer = ScreenBuffer(size: Size(width: 60, height: 8))
        form.draw(in: Rect(buffer.size), Fixtures.context(nil), on: &buffer)
        #expect(buffer.contains("Secret TOKEN"))
        #expect(buffer.contains("Value: •••"))
        #expect(!buffer.contains("abc"))
        #expect(buffer.contains("Enter: keep in .tern/secrets.yaml"))
    }
}
