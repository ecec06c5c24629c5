@_exported import TernMock
