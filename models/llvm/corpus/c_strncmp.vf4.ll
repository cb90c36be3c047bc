; ModuleID = 'c_strncmp.scalar.ll'
source_filename = "c/libc_string.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local range(i32 -255, 256) i32 @c_strncmp(ptr noundef readonly captures(none) %0, ptr noundef readonly captures(none) %1, i64 noundef %2) local_unnamed_addr #0 {
  %4 = icmp eq i64 %2, 0
  br i1 %4, label %25, label %5

5:                                                ; preds = %3
  br label %6

6:                                                ; preds = %19, %5
  %7 = phi i64 [ %21, %19 ], [ 0, %5 ]
  %8 = getelementptr inbounds nuw i8, ptr %0, i64 %7
  %9 = load i8, ptr %8, align 1, !tbaa !9
  %10 = getelementptr inbounds nuw i8, ptr %1, i64 %7
  %11 = load i8, ptr %10, align 1, !tbaa !9
  %12 = icmp eq i8 %9, %11
  br i1 %12, label %19, label %13

13:                                               ; preds = %6
  %14 = phi i8 [ %9, %6 ]
  %15 = phi i8 [ %11, %6 ]
  %16 = zext i8 %14 to i32
  %17 = zext i8 %15 to i32
  %18 = sub nsw i32 %16, %17
  br label %25

19:                                               ; preds = %6
  %20 = icmp eq i8 %9, 0
  %21 = add nuw i64 %7, 1
  %22 = icmp eq i64 %21, %2
  %23 = select i1 %20, i1 true, i1 %22
  br i1 %23, label %24, label %6, !llvm.loop !10

24:                                               ; preds = %19
  br label %25

25:                                               ; preds = %24, %13, %3
  %26 = phi i32 [ %18, %13 ], [ 0, %3 ], [ 0, %24 ]
  ret i32 %26
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11, !12}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!"llvm.loop.unroll.disable"}
