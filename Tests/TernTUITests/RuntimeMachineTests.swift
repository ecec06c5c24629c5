import Testing

@testable import TernTUI

/// The runtime's work in flight, without a terminal or a session: handles are strings.
@Suite struct RuntimeMachineTests {
    typealias Machine = RuntimeMachine<String>

    private func isRead(_ action: Machine.Action) -> Bool {
        if case .readActivity = action { return true }
        return false
    }

    private func isNone(_ action: Machine.Action) -> Bool {
        if case .none = action { return true }
        return false
    }

    private func cancelled(_ action: Machine.Action) -> String? {
        if case .cancel(let handle) = action { return handle }
        return nil
    }

    @Test func activityReadsRunOneAtATimeAndABurstFoldsIntoOneMoreRead() {
        var machine = Machine()
        #expect(isRead(machine.refreshRequested()))
        #expect(machine.activity == .reading)
        #expect(isNone(machine.refreshRequested()))
        #expect(isNone(machine.refreshRequested()))
        #expect(machine.activity == .readingThenReread)
        #expect(isRead(machine.activityArrived()), "the folded requests read once more")
        #expect(machine.activity == .reading)
        #expect(isNone(machine.activityArrived()))
        #expect(machine.activity == .idle)
    }

    @Test func aReportNobodyAskedForChangesNothing() {
        var machine = Machine()
        #expect(isNone(machine.activityArrived()))
        #expect(machine.activity == .idle)
        #expect(isRead(machine.refreshRequested()))
    }

    @Test func aSendIsCancelledUntilItSettlesAndStaleReportsAreIgnored() {
        var machine = Machine()
        #expect(isNone(machine.cancelRequested()), "nothing to cancel before a send")
        let first = machine.nextSendID()
        #expect(isNone(machine.sendStarted(id: first, handle: "a")))
        #expect(cancelled(machine.cancelRequested()) == "a")
        #expect(cancelled(machine.cancelRequested()) == "a", "cancelling twice cancels the same send")
        machine.sendSettled(id: first + 1)
        #expect(cancelled(machine.cancelRequested()) == "a", "another send's report does not settle this one")
        machine.sendSettled(id: first)
        #expect(isNone(machine.cancelRequested()), "cancel after the send finished does nothing")
        machine.sendSettled(id: first)
        guard case .idle = machine.send else {
            Issue.record("a double settle revived the send")
            return
        }
    }

    @Test func aSecondSendReplacesAndCancelsTheFirst() {
        var machine = Machine()
        let first = machine.nextSendID()
        _ = machine.sendStarted(id: first, handle: "a")
        let second = machine.nextSendID()
        #expect(second != first)
        #expect(cancelled(machine.sendStarted(id: second, handle: "b")) == "a")
        machine.sendSettled(id: first)
        #expect(cancelled(machine.cancelRequested()) == "b", "the replaced send's late report is stale")
    }

    @Test func stoppingCancelsTheSendAndForgetsTheReads() {
        var machine = Machine()
        _ = machine.refreshRequested()
        _ = machine.refreshRequested()
        _ = machine.sendStarted(id: machine.nextSendID(), handle: "a")
        #expect(cancelled(machine.stopped()) == "a")
        #expect(machine.activity == .idle)
        #expect(isNone(machine.stopped()), "stopping twice cancels nothing more")
    }
}
